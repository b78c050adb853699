#!/usr/bin/env python3
"""The Pi's CPU, proven in CI (issue 43): the product jar on Debian's arm64 JVM under qemu-user.

1. `run --simulate`: a person (the simulated hands, by cmd/sim) against the engine over MQTT, a short game, every
   change published and none dropped; start-up time and resident memory recorded.
2. `emulate-board --tcp` and `run` with board.source tcp, both on the arm64 JVM: the board protocol over TCP.
3. A wired board on a machine that is not a Pi: a clear start-up error, not a crash.
4. `archive import`: records into the hub's archive, whose index is SQLite (sqlite-jdbc's native aarch64 library).

Needs qemu-user-static, openjdk-17-jre-headless:arm64 and mosquitto-clients (installed by .ci/run). Prints one line
per check and a summary; exits 1 if any check fails.
"""
import json, os, re, socket, subprocess, sys, tempfile, threading, time

JAR = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "device/target/shogi-bridge.jar")
ARM_JAVA = "/usr/lib/jvm/java-17-openjdk-arm64/bin/java"
# The flags recommended for a 1 GB Pi (docs/BENCHMARKS.md).
JVM_FLAGS = ["-XX:+UseSerialGC", "-Xmx96m"]
WAIT = 240  # seconds: everything is emulated, several times slower than a Pi 4
failures = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def arm(args, log):
    return subprocess.Popen(["qemu-aarch64-static", "-L", "/", ARM_JAVA] + JVM_FLAGS + ["-jar", JAR] + args,
                            stdout=log, stderr=subprocess.STDOUT)


def wait_for(path, text, seconds, process=None):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path) and text in open(path, encoding="utf-8", errors="replace").read():
            return True
        if process is not None and process.poll() is not None:
            return False
        time.sleep(0.2)
    return False


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


class Watcher:
    """mosquitto_sub on every topic of the board: the messages, as JSON, in arrival order."""

    def __init__(self, port, prefix):
        self.messages = []
        self.lock = threading.Condition()
        self.proc = subprocess.Popen(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-t", prefix + "/#", "-v"],
                                     stdout=subprocess.PIPE, text=True)
        self.prefix = prefix
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.proc.stdout:
            topic, _, payload = line.rstrip("\n").partition(" ")
            try:
                body = json.loads(payload)
            except ValueError:
                continue
            with self.lock:
                self.messages.append((topic[len(self.prefix) + 1:], body))
                self.lock.notify_all()

    def await_(self, topic, test, seconds=WAIT):
        deadline = time.time() + seconds
        with self.lock:
            while True:
                for t, body in self.messages:
                    if t == topic and test(body):
                        return body
                left = deadline - time.time()
                if left <= 0:
                    last = next((body for t, body in reversed(self.messages) if t == topic), None)
                    raise TimeoutError(f"no message on {topic} in {seconds} s; the last one: {brief(last)}")
                self.lock.wait(left)

    def close(self):
        self.proc.terminate()


def brief(state):
    """A state message in a line: what a failed wait saw last (the whole state is kilobytes)."""
    if not isinstance(state, dict) or "moves" not in state:
        return json.dumps(state, ensure_ascii=False)[:300]
    return json.dumps({k: state.get(k) for k in ("seq", "boardStatus", "engineMove", "result", "sideToMove")}
                      | {"moves": len(state["moves"])}, ensure_ascii=False)[:600]


def check(name, ok, detail):
    print(f"arm64: {'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
    if not ok:
        failures.append(name)


def stop(process):
    process.terminate()  # SIGTERM, as systemd stops it
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()


def game_against_the_engine(work):
    mqtt, ws, http = free_port(), free_port(), free_port()
    log_path = os.path.join(work, "run.log")
    with open(log_path, "w") as log:
        started = time.time()
        daemon = arm(["run", "--simulate", "--sente", "human", "--gote", "engine:1", "--data-dir", os.path.join(work, "data"),
                      "--mqtt-port", str(mqtt), "--ws-port", str(ws), "--http-port", str(http)], log)
        try:
            if not wait_for(log_path, "Ready.", WAIT, daemon):
                check("run --simulate", False, "not ready:\n" + open(log_path).read())
                return
            startup = time.time() - started
            watcher = Watcher(mqtt, "shogi/v1/local/board1")
            watcher.await_("status", lambda j: j.get("status") == "online")
            turns = 5
            pub = lambda verb, body: subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(mqtt), "-t",
                                                     "shogi/v1/local/board1/cmd/" + verb, "-m", json.dumps(body)], check=True)
            for i in range(turns):
                ply = 2 * i + 1
                watcher.await_("state", lambda j: len(j["moves"]) == ply - 1 and j.get("engineMove") is None
                               and j["boardStatus"]["status"] == "matched")
                pub("hint", {"id": f"h{ply}"})  # the person plays what the daemon suggests: always legal
                move = watcher.await_("cmd/hint/result", lambda j: j.get("id") == f"h{ply}")["hint"]
                pub("sim", {"action": "play", "usi": move, "id": f"m{ply}"})
                answer = watcher.await_("cmd/sim/result", lambda j: j.get("id") == f"m{ply}")
                if not answer.get("ok"):
                    check("run --simulate", False, f"move {ply} {move} refused: {answer}")
                    return
                watcher.await_("state", lambda j: len(j["moves"]) >= ply + 1)  # the engine answered, on the board
            final = watcher.await_("state", lambda j: len(j["moves"]) == 2 * turns)
            rss = rss_kb(daemon.pid)
            seqs = [j["seq"] for t, j in watcher.messages if t == "state"]
            watcher.close()
        finally:
            stop(daemon)
    text = open(log_path).read()
    dropped = re.findall(r"(\d+) snapshots were dropped", text)
    problems = [l for l in text.splitlines() if " ERROR " in l or " WARN " in l]
    check("run --simulate", len(final["moves"]) == 10 and not dropped and not problems and seqs == sorted(seqs),
          f"{len(final['moves'])} moves against the engine over MQTT, start-up {startup:.1f} s, RSS {rss // 1024} MB,"
          f" dropped snapshots {dropped or 0}, warnings {problems or 'none'}")


def board_over_tcp(work):
    port, mqtt, ws, http = free_port(), free_port(), free_port(), free_port()
    board_log, run_log = os.path.join(work, "board.log"), os.path.join(work, "tcp-run.log")
    with open(board_log, "w") as blog, open(run_log, "w") as rlog:
        board = arm(["emulate-board", "--tcp", str(port)], blog)
        daemon = None
        try:
            if not wait_for(board_log, str(port), WAIT, board):
                check("emulate-board + run (tcp)", False, "the emulated board did not listen:\n" + open(board_log).read())
                return
            config = os.path.join(work, "tcp.yaml")
            with open(config, "w") as f:
                f.write(f"board:\n  source: tcp\n  address: 127.0.0.1:{port}\nplayers:\n  sente:\n    type: human\n"
                        f"  gote:\n    type: human\n")
            daemon = arm(["run", "--config", config, "--data-dir", os.path.join(work, "tcp-data"), "--mqtt-port", str(mqtt),
                          "--ws-port", str(ws), "--http-port", str(http)], rlog)
            ok = wait_for(run_log, "Ready.", WAIT, daemon)
            watcher = Watcher(mqtt, "shogi/v1/local/board1") if ok else None
            state = watcher.await_("state", lambda j: j["boardStatus"]["status"] == "matched") if ok else None
            if watcher:
                watcher.close()
        finally:
            if daemon:
                stop(daemon)
            stop(board)
    text = open(run_log).read()
    check("emulate-board + run (tcp)", state is not None and " ERROR " not in text,
          "the board protocol over TCP, both ends on the arm64 JVM: board online and matched" if state else text[-2000:])


def wired_board_off_a_pi(work):
    config = os.path.join(work, "wired.yaml")
    with open(config, "w") as f:
        f.write("board:\n  source: wired\n")
    log_path = os.path.join(work, "wired.log")
    with open(log_path, "w") as log:
        daemon = arm(["run", "--config", config, "--data-dir", os.path.join(work, "wired-data"), "--mqtt-port", str(free_port()),
                      "--ws-port", str(free_port()), "--http-port", str(free_port())], log)
        try:
            code = daemon.wait(WAIT)
        except subprocess.TimeoutExpired:
            stop(daemon)
            code = None
    text = open(log_path).read()
    said = next((l for l in text.splitlines() if l.startswith("Wired board not opened.")), None)
    check("wired board off a Pi", code == 2 and said is not None and "\tat " not in text,
          f"exit {code}: {said or text[-2000:]}")


def archive_on_arm64(work):
    records = os.path.join(work, "records")
    os.makedirs(records)
    with open(os.path.join(records, "two.csa"), "w", encoding="utf-8") as f:
        f.write("N+山田\nN-佐藤\nPI\n+\n+7776FU\n%TORYO\n/\nN+佐藤\nN-山田\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n")
    data = os.path.join(work, "archive-data")
    log_path = os.path.join(work, "archive.log")
    with open(log_path, "w") as log:
        importer = arm(["archive", "import", records, "--data-dir", data], log)
        try:
            code = importer.wait(WAIT)
        except subprocess.TimeoutExpired:
            stop(importer)
            code = None
    text = open(log_path, encoding="utf-8", errors="replace").read()
    said = next((l for l in text.splitlines() if l.startswith("Imported ")), None)
    check("archive import (SQLite)", code == 0 and said == "Imported 2 game(s) from 1 file(s); 0 file(s) refused."
          and os.path.getsize(os.path.join(data, "archive.sqlite")) > 0, f"exit {code}: {said or text[-2000:]}")


def log_tail(work, lines=40):
    """The end of the newest log in the work folder: why a check that could not finish stopped."""
    logs = [os.path.join(work, f) for f in os.listdir(work) if f.endswith(".log")]
    if not logs:
        return ""
    newest = max(logs, key=os.path.getmtime)
    text = open(newest, encoding="utf-8", errors="replace").read().splitlines()
    return f"\n--- the last {lines} lines of {os.path.basename(newest)}:\n" + "\n".join(text[-lines:])


def main():
    if not os.path.exists(ARM_JAVA) or subprocess.run(["which", "qemu-aarch64-static"], capture_output=True).returncode:
        print("arm64: skipped: qemu-user-static and openjdk-17-jre-headless:arm64 are not installed")
        return 1
    with tempfile.TemporaryDirectory() as work:
        steps = (game_against_the_engine, board_over_tcp, wired_board_off_a_pi, archive_on_arm64)
        for step in steps:
            try:
                step(work)
            except Exception as e:  # a check that cannot finish fails, and the others still run
                check(step.__name__, False, repr(e) + log_tail(work))
    print(f"arm64: {len(steps) - len(failures)} of {len(steps)} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
