package org.shogibridge.core.session;

/**
 * Who plays a side.
 *
 * @param name    the name shown and recorded
 * @param kind    a person at the board, the built-in engine, or an external USI engine
 * @param level   the built-in engine's level, 1-10 (0 for the others)
 * @param command the external engine's command line (empty for the others)
 */
public record Player(String name, Kind kind, int level, String command) {
    public enum Kind { HUMAN, ENGINE, USI }

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

    /** Return true if a computer plays this side: the board shows its moves on the LEDs. */
    public boolean isComputer() {
        return kind != Kind.HUMAN;
    }

    public Player withLevel(int newLevel) {
        return new Player(kind == Kind.ENGINE && name.startsWith("shogi-bridge level ") ? "shogi-bridge level " + newLevel : name,
                kind, newLevel, command);
    }
}
