package org.shogibridge.lab.teach;

import java.time.Duration;
import org.shogibridge.lab.learning.TeacherGames;
import org.shogibridge.core.rules.Position;
import org.shogibridge.core.rules.Sfen;
import org.shogibridge.device.usi.UsiClient;
import org.shogibridge.device.usi.UsiEngineException;

/**
 * A teacher engine behind the USI client: asks for a move and score at a fixed node count, depth or clock.
 *
 * <p>The client kills and restarts an engine that dies or hangs; a position whose answer was lost that way is
 * asked once more of the restarted engine, and only a second failure reaches the caller (who drops the game).
 */
public final class UsiTeacher implements TeacherGames.Teacher, AutoCloseable {
    /** A centipawn score this large is a mate the teacher did not call one: a thousand pawns. */
    static final int MATE_AS_CENTIPAWNS = 100_000;

    private final UsiClient client;
    private final String goCommand;

    /**
     * @param client  a started client
     * @param limit   "nodes N", "depth D" or "btime 0 wtime 0 byoyomi MS", as the teacher's go command takes it
     */
    public UsiTeacher(UsiClient client, String limit) {
        this.client = client;
        this.goCommand = "go " + limit;
    }

    /** Return the teacher's name as it gave it. */
    public String name() {
        return client.name();
    }

    /** Tell the teacher a new game starts (it may clear its tables). */
    public void newGame() throws UsiEngineException {
        client.newGame();
    }

    @Override
    public TeacherGames.Verdict judge(Position position) throws UsiEngineException {
        String command = "position sfen " + Sfen.format(position);
        UsiClient.BestMove answer;
        try {
            answer = client.go(command, goCommand, Duration.ZERO);
        } catch (UsiEngineException first) {
            answer = client.go(command, goCommand, Duration.ZERO);
        }
        return verdict(answer);
    }

    /**
     * Read the move and the score of the last scored "info" line; an answer without a score is an error. A mate's
     * score is its length in plies, negative when the side to move is mated (1 when the length is not given).
     */
    public static TeacherGames.Verdict verdict(UsiClient.BestMove answer) throws UsiEngineException {
        String move = answer.move();
        if (answer.info() == null) {
            if (move.equals("resign") || move.equals("win")) {
                return new TeacherGames.Verdict(move, 0, true);
            }
            throw new UsiEngineException("Teacher. It answered 'bestmove " + move + "' without a score.", null);
        }
        String[] words = answer.info().split("\\s+");
        for (int i = 0; i + 2 < words.length; i++) {
            if (words[i].equals("score")) {
                String kind = words[i + 1];
                String value = words[i + 2];
                try {
                    if (kind.equals("cp")) {
                        int cp = Integer.parseInt(value);
                        // gpsusi gives some mates as centipawns (574,025, 1,148,897); no evaluation is that large.
                        return Math.abs(cp) >= MATE_AS_CENTIPAWNS
                                ? new TeacherGames.Verdict(move, Integer.signum(cp), true)
                                : new TeacherGames.Verdict(move, cp, false);
                    }
                    if (kind.equals("mate")) {
                        // "mate -0" and "mate -" (being mated, plies unknown) count as losing; "mate +" as winning.
                        boolean losing = value.startsWith("-");
                        String plies = value.replace("+", "").replace("-", "");
                        int n = plies.isEmpty() ? 1 : Integer.parseInt(plies);
                        return new TeacherGames.Verdict(move, losing ? -Math.max(n, 1) : Math.max(n, 1), true);
                    }
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new UsiEngineException("Teacher. Its score in '" + answer.info() + "' is not 'cp N' or 'mate N'.", null);
    }

    @Override
    public void close() {
        client.close();
    }
}
