#!/bin/sh
# Fetch Fairy-Stockfish 14.0.1 (the first Debian build with Okisaki, "okisakishogi") from Debian sid and unpack
# it, with sid's C and C++ libraries, into DIR (default ./fairy-stockfish-14); nothing is installed. It needs
# glibc 2.38 and GLIBCXX_3.4.32, which bookworm lacks, so DIR/fairy-stockfish-14 runs it with sid's own loader.
# The package versions are sid's of 2026-12-02; if sid has moved on, take the current names from
# http://deb.debian.org/debian/dists/sid/main/binary-amd64/Packages.xz.
set -e
DIR=${1:-fairy-stockfish-14}
POOL=http://deb.debian.org/debian/pool/main
mkdir -p "$DIR/debs" "$DIR/root"
for deb in f/fairy-stockfish/fairy-stockfish_14.0.1.xq-0.4_amd64.deb g/glibc/libc6_2.43-7_amd64.deb \
        g/gcc-16/libstdc++6_16.2.0-4_amd64.deb g/gcc-16/libgcc-s1_16.2.0-4_amd64.deb; do
    curl -sSf -o "$DIR/debs/${deb##*/}" "$POOL/$deb"
    dpkg-deb -x "$DIR/debs/${deb##*/}" "$DIR/root"
done
cat > "$DIR/fairy-stockfish-14" <<'WRAPPER'
#!/bin/sh
R=$(dirname "$(readlink -f "$0")")/root
exec "$R/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" --library-path "$R/usr/lib/x86_64-linux-gnu" "$R/usr/games/fairy-stockfish" "$@"
WRAPPER
chmod +x "$DIR/fairy-stockfish-14"
printf 'usi\nquit\n' | "$DIR/fairy-stockfish-14" | grep -q okisakishogi && echo "$DIR/fairy-stockfish-14 plays okisakishogi"
