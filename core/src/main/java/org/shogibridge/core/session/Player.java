package org.shogibridge.core.session;

/**
 * Who plays a side.
 *
 * @param name    the name shown and recorded
 * @param kind    a person at the board, the built-in engine, an external USI engine, a person playing online (whose
 *                moves arrive like a computer's: shown on the LEDs and carried out by the player at the board), the
 *                defender of a tsume (answered by the mate solver, shown the same way), or a person at another board
 *                (board against board, docs/remote-play.md: shown the same way)
 * @param level   the built-in engine's level, 1-10 (0 for the others)
 * @param command the external engine's command line, the problem's id for a tsume's defender, the other board's
 *                address for a person at another board ({@code host EVENT/BOARD} when that board hosts the game,
 *                {@code guest EVENT/BOARD} when this one does); empty for the others
 */
public record Player(String name, Kind kind, int level, String command) {
    public enum Kind { HUMAN, ENGINE, USI, ONLINE, TSUME, BOARD }

    private static final String HOST = "host ";
    private static final String GUEST = "guest ";

    public Player {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("Invalid player. The name must not be empty.");
        }
        if (kind == Kind.ENGINE && (level < 1 || level > 10)) {
            throw new IllegalArgumentException("Invalid player. The built-in engine's level is 1 to 10, not " + level + ".");
        }
        if (kind == Kind.USI && (command == null || command.isBlank())) {
            throw new IllegalArgumentException("Invalid player. An external USI engine needs a command.");
        }
        if (kind == Kind.TSUME && (command == null || command.isBlank())) {
            throw new IllegalArgumentException("Invalid player. A tsume's defender needs the problem's id.");
        }
        if (kind == Kind.BOARD && (command == null || !(command.startsWith(HOST) || command.startsWith(GUEST))
                || !command.substring(command.indexOf(' ') + 1).matches("[^/#+\\s]+/[^/#+\\s]+"))) {
            throw new IllegalArgumentException("Invalid player. Another board is named 'host EVENT/BOARD' or"
                    + " 'guest EVENT/BOARD', not '" + command + "'.");
        }
        command = command == null ? "" : command;
    }

    public static Player human(String name) {
        return new Player(name, Kind.HUMAN, 0, "");
    }

    /** The built-in engine's name in records and on the page: コンピュータ レベル3 (issue 82: a club player's words). */
    public static final String ENGINE_NAME = "コンピュータ レベル";
    /** The people's names when none is given: as a record names the sides. */
    public static final String SENTE = "先手";
    public static final String GOTE = "後手";

    public static Player engine(int level) {
        return new Player(ENGINE_NAME + level, Kind.ENGINE, level, "");
    }

    /** An opponent on a site (lishogi), by the name the site gives, with its rating when it has one. */
    public static Player online(String name) {
        return new Player(name, Kind.ONLINE, 0, "");
    }

    /** The name of a tsume's defender in records and on the page. */
    public static final String TSUME_DEFENDER = "玉方";

    /** The defender of the built-in tsume {@code problemId}, answered by the mate solver. */
    public static Player tsumeDefender(String problemId) {
        return new Player(TSUME_DEFENDER, Kind.TSUME, 0, problemId);
    }

    /**
     * A person at another board (board against board): {@code address} is that board's {@code EVENT/BOARD};
     * {@code hosts} says whether it owns the game and the clock (else this board does).
     */
    public static Player remoteBoard(String name, String address, boolean hosts) {
        return new Player(name, Kind.BOARD, 0, (hosts ? HOST : GUEST) + address);
    }

    /** Return true if this is a person at another board that owns the game: this board's game and clock follow it. */
    public boolean hostsTheGame() {
        return kind == Kind.BOARD && command.startsWith(HOST);
    }

    /** Return the other board's {@code EVENT/BOARD} of a person at another board. */
    public String boardAddress() {
        if (kind != Kind.BOARD) {
            throw new IllegalStateException("Not a board. " + name + " plays at no other board.");
        }
        return command.substring(command.indexOf(' ') + 1);
    }

    /** Return true if a computer (or an online opponent) plays this side: the board shows its moves on the LEDs. */
    public boolean isComputer() {
        return kind != Kind.HUMAN;
    }

    public Player withLevel(int newLevel) {
        boolean named = name.startsWith(ENGINE_NAME) || name.startsWith("shogi-bridge level "); // a journal's older name
        return new Player(kind == Kind.ENGINE && named ? ENGINE_NAME + newLevel : name, kind, newLevel, command);
    }
}
