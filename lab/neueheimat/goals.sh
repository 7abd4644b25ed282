#!/bin/sh
# Issue 34's goals for Neue Heimat's strong player, on seeds it was not tuned on (tuning used the deals from 1000).
# Run from the repository root: sh lab/neueheimat/goals.sh   (about 20 minutes of one core)
set -e
d="nice -n 10 python3 -m lab.neueheimat.duel"
$d --players 3 --seats weak,weak,weak -n 300 --seed 1
$d --players 3 --seats strong,strong,strong -n 300 --seed 1
$d --players 5 --seats weak,weak,weak,weak,weak -n 300 --seed 1
$d --players 5 --seats strong,strong,strong,strong,strong -n 300 --seed 1
$d --players 2 --seats strong,v1 -n 150 --seed 1
$d --players 5 --seats strong,v1,v1,v1,v1 -n 60 --seed 1
$d --players 5 --seats strong,weak,weak,weak,weak -n 60 --seed 1
$d --players 2 --seats strong,weak -n 150 --seed 1
# the five-player figures on a second block of deals
$d --players 5 --seats strong,v1,v1,v1,v1 -n 60 --seed 2001
$d --players 5 --seats weak,weak,weak,weak,weak -n 200 --seed 2001
$d --players 5 --seats strong,strong,strong,strong,strong -n 200 --seed 2001
