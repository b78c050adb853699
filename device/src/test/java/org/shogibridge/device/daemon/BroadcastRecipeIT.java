package org.shogibridge.device.daemon;

import org.shogibridge.device.ProductJar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/broadcast.md's quick start, run as written (issue 82, item 7): its mosquitto.conf, its three command lines and
 * the URLs it says to open, with each port of the recipe moved to a free one and the jar's path made absolute.
 */
class BroadcastRecipeIT {
    private static final Path DOC = Path.of("..", "docs", "broadcast.md");
    private static final Pattern FENCE = Pattern.compile("```\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PORT = Pattern.compile("\\b(1883|9001|8081|8082|8090)\\b");

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theQuickStartRunsAsWritten() throws Exception {
        String doc = Files.readString(DOC);
        int start = doc.indexOf("## Quick start");
        assertTrue(start >= 0, "docs/broadcast.md has no quick start");
        String section = doc.substring(start, doc.indexOf("\n## ", start + 1));
        Matcher blocks = FENCE.matcher(section);
        assertTrue(blocks.find(), "no mosquitto.conf block");
        String conf = blocks.group(1);
        assertTrue(blocks.find(), "no command block");
        List<String> commands = blocks.group(1).lines().filter(l -> !l.isBlank()).toList();
        assertEquals(3, commands.size(), "two boards and a hub: " + commands);

        // The broker as written, its listeners kept on loopback for the test.
        String loopbackConf = ports(conf).replaceAll("(?m)^listener (\\d+)$", "listener $1 127.0.0.1");
        try (Mosquitto broker = new Mosquitto(dir, ports.get("1883"), loopbackConf)) {
            List<Path> logs = new ArrayList<>();
            try {
                for (String command : commands) {
                    assertTrue(command.startsWith("java -jar device/target/shogi-bridge.jar "), command);
                    List<String> recipe = List.of(ports(command).split(" "));
                    List<String> words = ProductJar.command("-Xmx96m", recipe.subList(3, recipe.size()).toArray(String[]::new));
                    Path log = dir.resolve("process-" + logs.size() + ".log");
                    logs.add(log);
                    processes.add(new ProcessBuilder(words).directory(dir.toFile()).redirectErrorStream(true)
                            .redirectOutput(log.toFile()).start());
                }
                for (int i = 0; i < logs.size(); i++) {
                    awaitReady(processes.get(i), logs.get(i));
                }
                for (int i = 0; i < 2; i++) {
                    assertFalse(Files.readString(logs.get(i)).contains("No broker for the dashboard"), Files.readString(logs.get(i)));
                }
                // The move from a terminal, as the recipe gives it.
                MqttClient terminal = new MqttClient("tcp://127.0.0.1:" + ports.get("1883"), "recipe", new MemoryPersistence());
                terminal.connect();
                terminal.publish("shogi/v1/club/board1/cmd/sim",
                        "{\"action\":\"play\",\"usi\":\"7g7f\"}".getBytes(StandardCharsets.UTF_8), 1, false);
                terminal.disconnect();
                terminal.close();

                String boardConfig = get("http://127.0.0.1:" + ports.get("8081") + "/config.json", StandardCharsets.UTF_8);
                assertTrue(boardConfig.contains("\"broker\":\"ws://127.0.0.1:" + ports.get("9001") + "/mqtt\""), boardConfig);
                assertTrue(get("http://127.0.0.1:" + ports.get("8090") + "/", StandardCharsets.UTF_8).contains("<html"));
                String[] seen = {"", ""}; // the index, board1's record
                Await.within(java.time.Duration.ofSeconds(60), () -> {
                    try {
                        seen[0] = get("http://127.0.0.1:" + ports.get("8090") + "/event/index.json", StandardCharsets.UTF_8);
                        seen[1] = get("http://127.0.0.1:" + ports.get("8090") + "/event/board1.kif", Charset.forName("Shift_JIS"));
                    } catch (Exception e) {
                        return false;
                    }
                    return seen[1].contains("７六歩") && seen[0].contains("board2");
                });
                String index = seen[0];
                String kif = seen[1];
                assertTrue(index.contains("board1") && index.contains("board2"), "the round index: " + index);
                assertTrue(kif.contains("７六歩"), "board1's record at the hub: " + kif);
            } finally {
                for (Process p : processes) {
                    p.destroy();
                    p.waitFor(15, TimeUnit.SECONDS);
                    p.destroyForcibly();
                }
            }
        }
    }

    /** Return the text with each port of the recipe replaced by a free one (the same one each time). */
    private String ports(String text) throws Exception {
        Matcher m = PORT.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Integer port = ports.get(m.group(1));
            if (port == null) {
                port = Ports.free();
                ports.put(m.group(1), port);
            }
            m.appendReplacement(out, Integer.toString(port));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static void awaitReady(Process process, Path log) throws Exception {
        Await.line(process, log, "Ready.", java.time.Duration.ofSeconds(90));
    }

    private String get(String url, Charset charset) throws Exception {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        return response.statusCode() == 200 ? new String(response.body(), charset) : "HTTP " + response.statusCode();
    }
}
