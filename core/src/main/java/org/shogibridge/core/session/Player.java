package org.shogibridge.core.session;

/**
 * Who plays a side.
 *
 * @param name    the name shown and recorded
 * @param kind    a person at the board, the built-in engine, an external USI engine, or a person playing online (whose
 *                moves arrive like a computer's: shown on the LEDs and carried out by the player at the board)
 * @param level   the built-in engine's level, 1-10 (0 for the others)
 * @param command the external engine's command line (empty for the others)
 */
public record Player(String name, Kind kind, int level, String command) {
    public enum Kind { HUMAN, ENGINE, USI, ONLINE }

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
        command = command == null ? "" : command;
    }

    public static Player human(String name) {
        return new Player(name, Kind.HUMAN, 0, "");
    }

    public static Player engine(int level) {
        return new Player("shogi-bridge level " + level, Kind.ENGINE, level, "");
    }

    /** An opponent on a site (lishogi), by the name the site gives, with its rating when it has one. */
    public static Player online(String name) {
        return new Player(name, Kind.ONLINE, 0, "");
    }

    /** Return true if a computer (or an online opponent) plays this side: the board shows its moves on the LEDs. */
    public boolean isComputer() {
        return kind != Kind.HUMAN;
    }

    public Player withLevel(int newLevel) {
        return new Player(kind == Kind.ENGINE && name.startsWith("shogi-bridge level ") ? "shogi-bridge level " + newLevel : name,
                kind, newLevel, command);
    }
}
