#!/bin/bash
# rungps.sh CORE NAME OPENINGS WEIGHTS : level 10 of the committed jar (9079e9b's build) with EvalFile=WEIGHTS vs
# gpsusi (Thread=1, LimitDepth=10 and BookDepth=30 set explicitly: gpsusi keeps the last options it was given in
# /usr/share/gpsshogi-data/gpsusi.conf) at 1 s byoyomi, 10 games, pinned to one core
cd /work/ladder-32
taskset -c $1 java -jar jars/shogi-bridge-lab.jar match --engine1 "java -jar /work/ladder-32/jars/shogi-bridge.jar usi" \
  --option1 NetworkDelay=30 --option1 EvalFile=$4 --engine2 /usr/games/gpsusi --option2 Thread=1 --option2 LimitDepth=10 \
  --option2 BookDepth=30 --games 10 --byoyomi 1000 --openings $3 --kif-out games-$2 > $2.log 2>&1
echo "exit=$?" >> $2.log
