package org.shogibridge.device.hub;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Every board of one event as the hub hears it: each board's newest game (by {@code seq}, a new game id replacing the
 * old), whether the board is online, and when the hub first saw each move (the public feed's delay counts from it).
 * A board keeps the number it was first given for the whole event. The MQTT thread writes; HTTP threads and the public
 * feed read {@link Board} snapshots, which never change.
 */
final class EventBoards {

    /**
     * One board as last heard.
     *
     * @param state        the newest {@code state} message, or null before the first
     * @param online       the board's {@code status}
     * @param round        the round of the board's game: the state's own {@code round}, else the hub's round when it
     *                     first heard the game
     * @param seenMillis   when the hub first saw each move of the game's line (a takeback forgets the withdrawn ones)
     * @param clocks       each ply's clocks as first heard with that many moves (index = moves played)
     * @param endSeenMillis when the hub first saw the game's result, or 0
     * @param version      grows with every change of this board
     */
    record Board(String id, int number, JsonNode state, boolean online, int round, List<Long> seenMillis, List<JsonNode> clocks,
            long endSeenMillis, long modifiedMillis, long version) {

        String gameId() {
            return state == null ? null : state.path("game").asText();
        }

        int moves() {
            return state == null ? 0 : state.path("moves").size();
        }

        boolean finished() {
            return state != null && state.path("result").isObject();
        }
    }

    private final Map<String, Board> boards = new LinkedHashMap<>();
    private final Map<String, Integer> numbers;
    private final Consumer<Map<String, Integer>> numbersChanged;
    private final Consumer<Board> finished;
    private int round;
    private long version;

    /**
     * @param numbers        the numbers boards were given before (kept across restarts of the hub)
     * @param numbersChanged told when a new board is numbered, to keep the numbers
     * @param finished       told once when a board's game ends (its record is kept)
     */
    EventBoards(Map<String, Integer> numbers, int round, Consumer<Map<String, Integer>> numbersChanged, Consumer<Board> finished) {
        this.numbers = new LinkedHashMap<>(numbers);
        this.round = round;
        this.numbersChanged = numbersChanged;
        this.finished = finished;
    }

    /** The most boards one event holds: states of more made-up boards (a client flooding the broker) are ignored. */
    static final int MAX_BOARDS = 1000;

    /** Whether a message of this board is taken: a board already heard, or room for a new one. */
    synchronized boolean accepts(String id) {
        return boards.containsKey(id) || boards.size() < MAX_BOARDS;
    }

    /** Take a board's {@code state}; an older one than the board's (a retained copy after a newer live one) is ignored. */
    synchronized void state(String id, JsonNode state, long nowMillis) {
        Board old = board(id);
        boolean sameGame = old.state() != null && old.gameId().equals(state.path("game").asText());
        if (sameGame && state.path("seq").asLong() <= old.state().path("seq").asLong()) {
            return;
        }
        List<String> before = sameGame ? moves(old.state()) : List.of();
        List<String> now = moves(state);
        int common = 0;
        while (common < before.size() && common < now.size() && before.get(common).equals(now.get(common))) {
            common++;
        }
        List<Long> seen = new ArrayList<>(old.seenMillis().subList(0, sameGame ? common : 0));
        while (seen.size() < now.size()) {
            seen.add(nowMillis);
        }
        List<JsonNode> clocks = new ArrayList<>(old.clocks().subList(0, sameGame ? Math.min(common + 1, old.clocks().size()) : 0));
        while (clocks.size() <= now.size()) {
            clocks.add(state.path("clock"));
        }
        boolean ended = state.path("result").isObject();
        long endSeen = !ended ? 0 : sameGame && old.endSeenMillis() != 0 ? old.endSeenMillis() : nowMillis;
        // the board's own round (its configuration's round key) wins; else the hub's round when the game was first heard
        int gameRound = state.path("round").asInt(0) > 0 ? state.path("round").asInt() : sameGame ? old.round() : round;
        Board next = new Board(id, old.number(), state, old.online(), gameRound,
                List.copyOf(seen), List.copyOf(clocks), endSeen, nowMillis, ++version);
        boards.put(id, next);
        if (ended && !(sameGame && old.finished())) {
            finished.accept(next);
        }
    }

    /** Take a board's {@code status} ({@code online} or {@code offline}). */
    synchronized void status(String id, boolean online, long nowMillis) {
        Board old = board(id);
        if (old.online() != online) {
            boards.put(id, new Board(id, old.number(), old.state(), online, old.round(), old.seenMillis(), old.clocks(),
                    old.endSeenMillis(), nowMillis, ++version));
        }
    }

    /** Set the round that games heard from now on belong to. */
    synchronized void round(int round) {
        this.round = round;
        version++;
    }

    synchronized int round() {
        return round;
    }

    /** The boards by number. */
    synchronized List<Board> boards() {
        return boards.values().stream().sorted(java.util.Comparator.comparingInt(Board::number)).toList();
    }

    synchronized Board get(String id) {
        return boards.get(id);
    }

    /** Grows with every change of any board: the index's version. */
    synchronized long version() {
        return version;
    }

    /** The board by this id, numbered and added (without a game) if new. */
    private Board board(String id) {
        Board board = boards.get(id);
        if (board == null) {
            Integer number = numbers.get(id);
            if (number == null) {
                number = newNumber(id);
                numbers.put(id, number);
                numbersChanged.accept(Map.copyOf(numbers));
            }
            board = new Board(id, number, null, false, round, List.of(), List.of(), 0, 0, ++version);
            boards.put(id, board);
        }
        return board;
    }

    /**
     * The number of a board heard for the first time: the one its id ends with (b3, table12) if no board has it, so
     * that boards heard in any order are numbered as the room numbers them; else the next after the highest.
     */
    private int newNumber(String id) {
        java.util.regex.Matcher digits = java.util.regex.Pattern.compile("(\\d{1,4})$").matcher(id);
        if (digits.find()) {
            int wanted = Integer.parseInt(digits.group(1));
            if (wanted > 0 && !numbers.containsValue(wanted)) {
                return wanted;
            }
        }
        return numbers.values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
    }

    private static List<String> moves(JsonNode state) {
        List<String> moves = new ArrayList<>();
        state.path("moves").forEach(m -> moves.add(m.asText()));
        return moves;
    }
}
