package org.shogibridge.device.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

/** Only a departed client's socket error is kept out of the log; every other broker error stays in it. */
class ClientGoneLogFilterTest {
    private final LoggerContext context = new LoggerContext();
    private final ClientGoneLogFilter filter = new ClientGoneLogFilter();

    private FilterReply decide(String logger, Throwable cause) {
        return filter.decide(new LoggingEvent("test", context.getLogger(logger), Level.ERROR,
                "Unexpected exception while processing MQTT message. Closing Netty channel. CId={}", cause, new Object[] {"viewer-5"}));
    }

    @Test
    void aViewerThatLeftIsNoError() {
        assertEquals(FilterReply.DENY, decide("io.moquette.broker.NewNettyMQTTHandler", new SocketException("Connection reset")));
        assertEquals(FilterReply.DENY, decide("io.moquette.broker.NewNettyMQTTHandler",
                new IllegalStateException("wrapped", new IOException("Broken pipe"))));
    }

    @Test
    void anyOtherErrorIsKept() {
        assertEquals(FilterReply.NEUTRAL, decide("io.moquette.broker.NewNettyMQTTHandler", new IllegalStateException("a bug")));
        assertEquals(FilterReply.NEUTRAL, decide("io.moquette.broker.NewNettyMQTTHandler", null));
        assertEquals(FilterReply.NEUTRAL, decide("org.shogibridge.device.daemon.Daemon", new SocketException("Connection reset")));
    }
}
