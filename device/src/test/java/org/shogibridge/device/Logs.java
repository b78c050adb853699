package org.shogibridge.device;

import ch.qos.logback.classic.Logger;
import java.time.Duration;
import org.slf4j.LoggerFactory;

/** The logback loggers a test listens to. */
public final class Logs {
    private Logs() {
    }

    /**
     * Return logback's logger of this name. While another test class's thread is initialising SLF4J (the unit tests
     * run side by side in one JVM), SLF4J hands out stand-ins that are not logback's: wait for the real one (a CI run's
     * ClassCastException, issue 97).
     */
    public static Logger logback(String name) throws InterruptedException {
        return Await.value("logback's logger " + name, Duration.ofSeconds(60),
                () -> LoggerFactory.getLogger(name) instanceof Logger logger ? logger : null);
    }

    public static Logger logback(Class<?> owner) throws InterruptedException {
        return logback(owner.getName());
    }
}
