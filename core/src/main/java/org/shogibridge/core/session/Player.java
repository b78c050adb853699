package org.shogibridge.core.session;

/**
 * Who plays a side.
 *
 * @param name    the name shown and recorded
 * @param kind    a person at the board, the built-in engine, an external USI engine, or a person playing online (whose
 *                moves arrive like a computer's: shown on the LEDs and carried out by the player at the board), or the
 *                defender of a tsume (answered by the mate solver, shown the same way)
 * @param level   the built-in engine's level, 1-10 (0 for the others)
 * @param command the external engine's command line, the problem's id for a tsume's defender (empty for the others)
 */
public record Player(String name, Kind kind, int level, String command) {
    public enum Kind { HUMAN, ENGINE, USI, ONLINE, TSUME }

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

    /** Return true if a computer (or an online opponent) plays this side: the board shows its moves on the LEDs. */
    public boolean isComputer() {
        return kind != Kind.HUMAN;
    }

    public Player withLevel(int newLevel) {
        boolean named = name.startsWith(ENGINE_NAME) || name.startsWith("shogi-bridge level "); // a journal's older name
        return new Player(kind == Kind.ENGINE && named ? ENGINE_NAME + newLevel : name, kind, newLevel, command);
    }
}
