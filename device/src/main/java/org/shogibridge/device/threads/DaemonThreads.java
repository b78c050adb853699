package org.shogibridge.device.threads;

import java.util.concurrent.ThreadFactory;

/** Thread factories for the executors of the device layer: named threads that never keep the JVM alive. */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** Return a factory of daemon threads called {@code name} (as thread dumps and logs show them). */
    public static ThreadFactory named(String name) {
        return task -> {
            Thread t = new Thread(task, name);
            t.setDaemon(true);
            return t;
        };
    }
}
