package org.shogibridge.device.daemon;

import com.pi4j.context.Context;
import java.util.function.Supplier;
import org.shogibridge.core.rules.Variant;
import org.shogibridge.device.board.FirmwareBoard;
import org.shogibridge.device.board.MonotonicClock;
import org.shogibridge.device.board.ReadingsTap;
import org.shogibridge.device.board.SerialLink;
import org.shogibridge.device.board.TcpLink;
import org.shogibridge.device.board.wired.PiBoardFactory;
import org.shogibridge.device.config.RunSettings;

/** Opens the real board a configuration names, for {@code run} and {@code sensor-test}. */
public final class HardwareBoards {
    private HardwareBoards() {
    }

    /**
     * Return the board of {@code board.source} serial, tcp or wired (on the Pi4J context {@code pi4j} gives), or null
     * for the simulated board. A wired board that cannot be opened is an {@link IllegalArgumentException} with one line.
     */
    public static ReadingsTap.Tappable open(RunSettings settings, MonotonicClock clock, Supplier<Context> pi4j) {
        var c = settings.config().board();
        Variant variant = settings.session().variant();
        boolean faces = settings.session().inference().faceSensing();
        return switch (c.source()) {
            case "serial" -> new FirmwareBoard(variant, faces, new SerialLink(c.port(), c.baud()), clock);
            case "tcp" -> {
                int colon = c.address().lastIndexOf(':');
                yield new FirmwareBoard(variant, faces, new TcpLink(c.address().substring(0, colon),
                        Integer.parseInt(c.address().substring(colon + 1))), clock);
            }
            case "wired" -> PiBoardFactory.openOn(pi4j, settings.wired(), clock);
            default -> null;
        };
    }
}
