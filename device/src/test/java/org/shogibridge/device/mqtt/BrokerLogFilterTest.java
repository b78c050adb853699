package org.shogibridge.device.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.net.SocketException;
import org.junit.jupiter.api.Test;

/**
 * Only a departed client's socket error or late packet and a refused publish are kept out of the log; every other broker
 * error stays.
 */
class BrokerLogFilterTest {
    private final LoggerContext context = new LoggerContext();
    private final BrokerLogFilter filter = new BrokerLogFilter();

    private FilterReply decide(String logger, Throwable cause) {
        return filter.decide(new LoggingEvent("test", context.getLogger(logger), Level.ERROR,
                "Unexpected exception while processing MQTT message. Closing Netty channel. CId={}", cause, new Object[] {"viewer-5"}));
    }

    @Test
    void aViewerThatLeftIsNoError() {
        assertEquals(FilterReply.DENY, decide("io.moquette.broker.NewNettyMQTTHandler", new SocketException("Connection reset")));
        assertEquals(FilterReply.DENY, decide("io.moquette.broker.NewNettyMQTTHandler",
                new IllegalStateException("wrapped", new IOException("Broken pipe"))));
        assertEquals(FilterReply.DENY, decide("io.moquette.broker.NewNettyMQTTHandler", new IllegalStateException("decoder",
                new javax.net.ssl.SSLHandshakeException("(certificate_unknown) Received fatal alert: certificate_unknown"))));
    }

    @Test
    void aWriteToAViewerWhoseSocketJustClosedIsNoWarning() throws Exception {
        // the exception Netty fails such a write with (CI, 2026-11-26): its class is Netty's own, so make it as Netty does
        java.lang.reflect.Method make = Class.forName("io.netty.channel.StacklessClosedChannelException")
                .getDeclaredMethod("newInstance", Class.class, String.class);
        make.setAccessible(true);
        Throwable closed = (Throwable) make.invoke(null, io.netty.channel.AbstractChannel.class, "write(Object, ChannelPromise)");
        assertEquals(FilterReply.DENY, decide("io.netty.channel.DefaultChannelPipeline", closed));
        assertEquals(FilterReply.NEUTRAL, decide("io.netty.channel.DefaultChannelPipeline", new IllegalStateException("a bug")));
    }

    @Test
    void aRefusedPublishIsNotRepeatedByTheBroker() {
        LoggingEvent refused = new LoggingEvent("test", context.getLogger("io.moquette.broker.PostOffice"), Level.ERROR,
                "MQTT client: {} is not authorized to publish on topic: {}", null, new Object[] {"x", "shogi/v1/a/b/state"});
        assertEquals(FilterReply.DENY, filter.decide(refused));
        LoggingEvent other = new LoggingEvent("test", context.getLogger("io.moquette.broker.PostOffice"), Level.ERROR,
                "Something else went wrong", null, new Object[0]);
        assertEquals(FilterReply.NEUTRAL, filter.decide(other));
    }

    @Test
    void aPacketFromAViewerTheBrokerHasAlreadyLetGoIsNoWarning() {
        // Moquette 0.17's own lines (MQTTConnection), seen in a fresh clone's QuietLogIT, 2026-12-02
        for (String packet : new String[] {"SUBSCRIBE", "DISCONNECT"}) {
            LoggingEvent late = new LoggingEvent("test", context.getLogger("io.moquette.broker.MQTTConnection"), Level.WARN,
                    packet + " received on already closed connection", null, new Object[0]);
            assertEquals(FilterReply.DENY, filter.decide(late), packet);
        }
        // and its CONNACK to a client that left meanwhile (QuietLogIT in a flake report beside two loops, 2026-12-06)
        LoggingEvent gone = new LoggingEvent("test", context.getLogger("io.moquette.broker.MQTTConnection"), Level.WARN,
                "CONNACK is sent but the session created can't transition in CONNECTED state", null, new Object[0]);
        assertEquals(FilterReply.DENY, filter.decide(gone));
        LoggingEvent other = new LoggingEvent("test", context.getLogger("io.moquette.broker.MQTTConnection"), Level.WARN,
                "Something else about a connection", null, new Object[0]);
        assertEquals(FilterReply.NEUTRAL, filter.decide(other));
    }

    @Test
    void aFailedBrokerThreadIsSaidOnceByTheDaemonNotAgainWithAStackTraceAtItsStop() {
        // Moquette 0.17's own line (SessionEventLoopGroup.terminate), seen in a CI run, 2026-12-06
        LoggingEvent failed = new LoggingEvent("test", context.getLogger("io.moquette.broker.SessionEventLoopGroup"),
                Level.ERROR, "Session event loop {} terminated with error", new IllegalStateException("refCnt: 0"),
                new Object[] {"Session Executor 0"});
        assertEquals(FilterReply.DENY, filter.decide(failed));
        LoggingEvent other = new LoggingEvent("test", context.getLogger("io.moquette.broker.SessionEventLoopGroup"),
                Level.ERROR, "Something else about the loops", null, new Object[0]);
        assertEquals(FilterReply.NEUTRAL, filter.decide(other));
    }

    @Test
    void anyOtherErrorIsKept() {
        assertEquals(FilterReply.NEUTRAL, decide("io.moquette.broker.NewNettyMQTTHandler", new IllegalStateException("a bug")));
        assertEquals(FilterReply.NEUTRAL, decide("io.moquette.broker.NewNettyMQTTHandler", null));
        assertEquals(FilterReply.NEUTRAL, decide("org.shogibridge.device.daemon.Daemon", new SocketException("Connection reset")));
    }
}
