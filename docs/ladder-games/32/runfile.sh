#!/bin/bash
# runfile.sh CORE FILE(a|b) WEIGHTS NAME : the six blocks of five openings of balanced-FILE one after another on one
# core, so a run cut short leaves whole blocks
cd /work/ladder-32
for s in 1 6 11 16 21 26; do e=$((s+4)); [ -f $4-$2$s-$e.log ] && grep -q "exit=0" $4-$2$s-$e.log && continue; ./rungps.sh $1 $4-$2$s-$e $2-$s-$e.txt $3; done
