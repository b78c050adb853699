package org.shogibridge.lab.match;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.shogibridge.lab.learning.TeacherGames;
import org.shogibridge.core.rules.MoveGenerator;
import org.shogibridge.core.rules.MoveList;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.core.rules.Usi;
import org.shogibridge.device.io.TextFiles;
import org.shogibridge.lab.teach.UsiTeacher;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;

/**
 * Judges an engine's moves by a stronger engine: on each position the engine chooses a move at a time per move,
 * and the judge scores the position after that move and after its own choice, both at the same node count. What
 * the engine's move loses against the judge's is the measure; a set of a few hundred positions tells two builds
 * apart in minutes, where a match needs hundreds of games, and the worst moves show where the engine slips.
 *
 * <p>The judge's verdicts can be kept in a cache file (one line per position judged, {@code limit<TAB>SFEN<TAB>
 * move<TAB>score<TAB>mate}), so a second build only costs the judge searches of the moves it chose differently.
 */
public final class MoveJudge {
    /**
     * @param engine   what the engine is given per move: a byoyomi, or nodes (a stand-in for a slower machine)
     * @param limit    the judge's "go" limit, e.g. "nodes 200000"
     * @param cap      scores are clamped to plus or minus this (a mate counts as the cap), so that a won
     *                 position staying won costs nothing
     */
    public record Settings(MoveLimit engine, String limit, int cap) {
    }

    /** One position judged: the moves (USI), their values for the side to move (clamped), and the loss. */
    public record Judgement(String sfen, String move, String judgeMove, int value, int judgeValue) {
        /** What the engine's move loses against the judge's choice, never below zero. */
        public int loss() {
            return Math.max(0, judgeValue - value);
        }
    }

    private final Settings settings;
    private final Map<String, TeacherGames.Verdict> verdicts = new HashMap<>();
    private int searches;
    private int cached;

    public MoveJudge(Settings settings) {
        this.settings = settings;
    }

    /** Read the verdicts of a cache file made with any limit (only this limit's are used); a missing file is empty. */
    public void readCache(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<String> lines = TextFiles.readLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t");
            if (f.length != 5) {
                throw new IllegalArgumentException("Invalid judge cache. " + file + " line " + (i + 1)
                        + " has " + f.length + " fields, expected 5 (limit, SFEN, move, score, mate).");
            }
            try {
                verdicts.put(f[0] + "\t" + f[1], new TeacherGames.Verdict(f[2], Integer.parseInt(f[3]), Boolean.parseBoolean(f[4])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Invalid judge cache. " + file + " line " + (i + 1) + ": score '"
                        + f[3] + "' is not a number.");
            }
        }
    }

    /** Write every verdict known, this run's and the cache's, to a cache file. */
    public void writeCache(Path file) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, TeacherGames.Verdict> e : verdicts.entrySet()) {
            TeacherGames.Verdict v = e.getValue();
            text.append(e.getKey()).append('\t').append(v.move()).append('\t').append(v.score()).append('\t')
                    .append(v.mate()).append('\n');
        }
        Files.writeString(file, text);
    }

    /** Return the judge searches run, and the verdicts taken from the cache instead. */
    public int searches() {
        return searches;
    }

    public int cached() {
        return cached;
    }

    /**
     * Judge the engine's move on a position, searched from an empty table. Return null when there is nothing to
     * judge: the judge or the engine resigns or declares a win there, so the position is decided.
     */
    public Judgement judge(Position position, UsiClient engine, UsiClient judge) throws UsiEngineException {
        engine.newGame();
        return judge(position, engineMove("position sfen " + Sfen.format(position), engine), judge);
    }

    /**
     * Let the engine search a position, given as a USI position command (the moves that led to it let it see
     * repetitions), from whatever its table holds: {@link #judge(Position, UsiClient, UsiClient)} clears it first,
     * a caller following a game keeps it, as the daemon's analysis does.
     */
    public UsiClient.BestMove engineMove(String positionCommand, UsiClient engine) throws UsiEngineException {
        MoveLimit limit = settings.engine();
        return engine.go(positionCommand, limit.goCommand(), limit.budget());
    }

    /** Judge the move the engine chose on a position (see {@link #engineMove}); null when the position is decided. */
    public Judgement judge(Position position, UsiClient.BestMove answer, UsiClient judge) throws UsiEngineException {
        String sfen = Sfen.format(position);
        TeacherGames.Verdict root = verdict(sfen, judge);
        if (!isMove(root.move()) || !isMove(answer.move())) {
            return null;
        }
        int value = valueOf(position, answer.move(), judge);
        int judgeValue = answer.move().equals(root.move()) ? value : valueOf(position, root.move(), judge);
        return new Judgement(sfen, answer.move(), root.move(), value, judgeValue);
    }

    private static boolean isMove(String usi) {
        return !usi.equals("resign") && !usi.equals("win");
    }

    /** Return what a move is worth to the side to move: minus the judge's score of the position after it. */
    private int valueOf(Position position, String usi, UsiClient judge) throws UsiEngineException {
        Position after = position.copy();
        int move;
        try {
            move = Usi.parseLegalMove(after, usi);
        } catch (IllegalArgumentException e) {
            throw new UsiEngineException(e.getMessage(), e); // "Illegal move. 'usi' in SFEN: the rule it breaks."
        }
        after.doMove(move);
        MoveList replies = new MoveList();
        MoveGenerator.generateLegal(after, replies);
        if (replies.size() == 0) {
            return settings.cap(); // the move mates (the judge would only resign)
        }
        TeacherGames.Verdict v = verdict(Sfen.format(after), judge);
        if (!isMove(v.move())) {
            return v.move().equals("resign") ? settings.cap() : -settings.cap();
        }
        int score = v.mate() ? (v.score() > 0 ? settings.cap() : -settings.cap())
                : Math.max(-settings.cap(), Math.min(settings.cap(), v.score()));
        return -score;
    }

    private TeacherGames.Verdict verdict(String sfen, UsiClient judge) throws UsiEngineException {
        String key = settings.limit() + "\t" + sfen;
        TeacherGames.Verdict known = verdicts.get(key);
        if (known != null) {
            cached++;
            return known;
        }
        judge.newGame();
        UsiClient.BestMove answer = judge.go("position sfen " + sfen, "go " + settings.limit(), Duration.ZERO);
        TeacherGames.Verdict v = isMove(answer.move()) ? UsiTeacher.verdict(answer) : new TeacherGames.Verdict(answer.move(), 0, true);
        searches++;
        verdicts.put(key, v);
        return v;
    }
}
