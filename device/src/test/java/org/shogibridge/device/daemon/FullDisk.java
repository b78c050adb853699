package org.shogibridge.device.daemon;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Storage that fails under a running daemon: a small tmpfs filled up (mounting needs root, as in CI). */
final class FullDisk {
    private FullDisk() {
    }

    /** Run a system command (mount, umount, chattr, cp); return whether it succeeded within 20 s. */
    static boolean command(String... words) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(words).redirectErrorStream(true).start();
        return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    private static long problems(Subscriber mqtt) {
        return mqtt.on("status").stream().filter(m -> m.json().has("problem")).count();
    }

    /**
     * Fill the data directory's disk, then change a player's name until the journal's last page is full too and the
     * daemon says "Disk full."; return the filler file, whose deletion makes room again.
     */
    static Path fill(Subscriber mqtt, Path data) throws Exception {
        Path filler = data.resolve("filler");
        try (OutputStream out = Files.newOutputStream(filler)) {
            byte[] block = new byte[4096];
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // full
        }
        long before = problems(mqtt);
        for (int i = 0; problems(mqtt) == before; i++) {
            assertTrue(i < 200, "the journal never filled up");
            String name = "Player " + i + "-" + System.nanoTime();
            mqtt.command("players", "{\"black\":{\"type\":\"human\",\"name\":\"" + name + "\"}}");
            Await.within(LocalDaemon.WAIT, () -> problems(mqtt) != before || mqtt.on("state").stream()
                    .anyMatch(m -> m.json().get("players").get("black").get("name").asText().equals(name)));
        }
        String problem = mqtt.on("status").get(mqtt.on("status").size() - 1).json().path("problem").asText();
        assertTrue(problem.startsWith("Disk full."), problem);
        return filler;
    }
}
