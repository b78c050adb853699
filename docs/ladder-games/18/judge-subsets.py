#!/usr/bin/env python3
"""judge-subsets.py WARM.tsv COLD.tsv: agreement of two `judge --out` files on the same positions, all and quiet ones.

Quiet, as docs/positions/judge-standard.txt was chosen: the judge's move takes nothing and its value is within 400.
Prints for each subset: positions, the judge's move (%), loss 0 (%), average loss, and the positions where only one
of the two runs named the judge's move."""
import sys

def board(sfen):
    rows = sfen.split()[0].split('/')
    squares = {}
    for r, row in enumerate(rows):
        file = 9
        for ch in row:
            if ch.isdigit():
                file -= int(ch)
            elif ch == '+':
                pass  # a promoted piece still occupies its square
            else:
                squares[(file, r + 1)] = ch
                file -= 1
    return squares

def is_capture(sfen, move):
    if move[1] == '*':
        return False
    to = (int(move[2]), ord(move[3]) - ord('a') + 1)
    return to in board(sfen)

def read(path):
    out = {}
    for line in open(path):
        if line.startswith('#'):
            continue
        sfen, move, jmove, value, jvalue, loss = line.rstrip('\n').split('\t')
        out[sfen] = (move, jmove, int(jvalue), int(loss))
    return out

warm, cold = read(sys.argv[1]), read(sys.argv[2])
common = [s for s in warm if s in cold]
quiet = [s for s in common if not is_capture(s, warm[s][1]) and abs(warm[s][2]) <= 400]
for name, keys in (("all", common), ("quiet", quiet)):
    for label, run in (("warm", warm), ("cold", cold)):
        n = len(keys)
        same = sum(run[s][0] == run[s][1] for s in keys)
        zero = sum(run[s][3] == 0 for s in keys)
        avg = sum(run[s][3] for s in keys) / n if n else 0
        print(f"{name:5} {label}: {n} positions, the judge's move {100*same/n:.1f} % ({same}), loss 0 {100*zero/n:.1f} %, average loss {avg:.1f} cp")
    only_warm = sum(warm[s][0] == warm[s][1] and cold[s][0] != cold[s][1] for s in keys)
    only_cold = sum(cold[s][0] == cold[s][1] and warm[s][0] != warm[s][1] for s in keys)
    print(f"{name:5} only warm agrees: {only_warm}, only cold agrees: {only_cold}")
