package org.shogibridge.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A RabbitMQ cluster on this machine for {@code bench-event --cluster N}: Debian's {@code rabbitmq-server} with its MQTT
 * and Web MQTT plugins, N nodes ({@code shogiN@localhost}) with their own ports, data, Erlang cookie and epmd port,
 * clustered with {@code rabbitmqctl join_cluster}. Started from /usr/lib/rabbitmq/bin (Debian's /usr/sbin wrappers
 * switch to the rabbitmq user).
 *
 * <p>RabbitMQ 3.10 keeps retained messages on the node they were published to, and sends none to a subscription with a
 * wildcard: viewers on other nodes would never get a retained {@code state}. So the public feed's viewers follow deltas
 * (not retained) and fetch whole states from the hub over HTTP (docs/broadcast.md); nothing here needs retention.
 */
final class RabbitCluster implements AutoCloseable {
    private static final Path BIN = Path.of("/usr/lib/rabbitmq/bin");

    /** One node: its name, its MQTT and WebSocket ports, its process. */
    record Node(String name, int mqttPort, int wsPort, Process process) {
        String wsUrl() {
            return "ws://127.0.0.1:" + wsPort + "/ws";
        }

        String tcpUrl() {
            return "tcp://127.0.0.1:" + mqttPort;
        }
    }

    private final Path dir;
    private final int epmdPort;
    private final List<Node> nodes = new ArrayList<>();

    private RabbitCluster(Path dir, int epmdPort) {
        this.dir = dir;
        this.epmdPort = epmdPort;
    }

    static boolean installed() {
        return Files.isExecutable(BIN.resolve("rabbitmq-server"));
    }

    /** Start {@code size} nodes and join them into one cluster; return when every node runs its MQTT listeners. */
    static RabbitCluster start(Path dir, int size) throws Exception {
        if (!installed()) {
            throw new IllegalStateException("Missing program. RabbitMQ is not installed (apt-get install rabbitmq-server).");
        }
        Files.createDirectories(dir);
        Path cookie = dir.resolve(".erlang.cookie");
        Files.writeString(cookie, "SHOGIBRIDGEBENCHCOOKIE");
        Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
        RabbitCluster cluster = new RabbitCluster(dir, BenchDaemonCommand.freePort());
        try {
            for (int i = 1; i <= size; i++) {
                cluster.nodes.add(cluster.startNode(i));
            }
            for (Node node : cluster.nodes) {
                cluster.awaitStartup(node);
            }
            for (Node node : cluster.nodes.subList(1, size)) {
                cluster.ctl(node.name(), "stop_app");
                cluster.ctl(node.name(), "join_cluster", cluster.nodes.get(0).name());
                cluster.ctl(node.name(), "start_app");
            }
            for (Node node : cluster.nodes) {
                cluster.ctl(node.name(), "await_startup");
                BenchEventCommand.awaitPort(node.mqttPort(), 60);
                BenchEventCommand.awaitPort(node.wsPort(), 60);
            }
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    List<Node> nodes() {
        return nodes;
    }

    /** The cluster's members as node 1 sees them ({@code rabbitmqctl cluster_status}). */
    String status() throws Exception {
        return ctl(nodes.get(0).name(), "cluster_status");
    }

    /** The pid of a node's Erlang VM (the server script's child), or the script's own while it has none. */
    long beam(Node node) {
        return node.process().descendants().filter(p -> p.info().command().orElse("").contains("beam"))
                .mapToLong(ProcessHandle::pid).findFirst().orElse(node.process().pid());
    }

    /** SIGKILL a node (a machine lost): its clients must go to another. */
    void kill(Node node) throws InterruptedException {
        node.process().descendants().forEach(ProcessHandle::destroyForcibly);
        node.process().destroyForcibly();
        node.process().waitFor(30, TimeUnit.SECONDS);
    }

    private Node startNode(int i) throws IOException {
        String name = "shogi" + i + "@localhost";
        Path base = Files.createDirectories(dir.resolve("node" + i));
        int amqp = BenchDaemonCommand.freePort();
        int mqtt = BenchDaemonCommand.freePort();
        int ws = BenchDaemonCommand.freePort();
        int dist = BenchDaemonCommand.freePort();
        Files.writeString(base.resolve("rabbitmq.conf"), "listeners.tcp.default = 127.0.0.1:" + amqp + "\n"
                + "mqtt.listeners.tcp.default = 127.0.0.1:" + mqtt + "\n"
                + "web_mqtt.tcp.port = " + ws + "\nweb_mqtt.tcp.ip = 127.0.0.1\n"
                + "mqtt.allow_anonymous = true\nloopback_users = none\n");
        Files.writeString(base.resolve("enabled_plugins"), "[rabbitmq_mqtt,rabbitmq_web_mqtt].\n");
        ProcessBuilder builder = new ProcessBuilder(BIN.resolve("rabbitmq-server").toString()).redirectErrorStream(true)
                .redirectOutput(base.resolve("console.log").toFile());
        environment(builder.environment(), name);
        Map<String, String> env = builder.environment();
        env.put("RABBITMQ_NODE_PORT", Integer.toString(amqp));
        env.put("RABBITMQ_DIST_PORT", Integer.toString(dist));
        env.put("RABBITMQ_CONFIG_FILE", base.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", base.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_MNESIA_BASE", base.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", base.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", base.resolve("node.pid").toString());
        env.put("RABBITMQ_LOGS", "-"); // to the console log
        return new Node(name, mqtt, ws, builder.start());
    }

    private void environment(Map<String, String> env, String name) {
        env.put("HOME", dir.toString()); // the cookie
        env.put("RABBITMQ_NODENAME", name);
        env.put("ERL_EPMD_PORT", Integer.toString(epmdPort)); // an epmd of the bench's own
    }

    /** Wait for a node to start (it cannot be asked before it has registered with epmd, some seconds in). */
    private void awaitStartup(Node node) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            try {
                ctl(node.name(), "await_startup");
                return;
            } catch (IllegalStateException notYet) {
                if (!node.process().isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("RabbitMQ failed. Node " + node.name() + " did not start: "
                            + Files.readString(dir.resolve("node" + node.name().charAt(5)).resolve("console.log")), notYet);
                }
                Thread.sleep(1_000);
            }
        }
    }

    private String ctl(String node, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(BIN.resolve("rabbitmqctl").toString(), "-n", node));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        environment(builder.environment(), node);
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("RabbitMQ failed. rabbitmqctl " + String.join(" ", args) + " on " + node + ": " + output);
        }
        return output;
    }

    @Override
    public void close() {
        for (Node node : nodes) {
            try {
                kill(node);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try { // the epmd the first node started on the bench's port
            ProcessBuilder epmd = new ProcessBuilder("epmd", "-kill").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            epmd.environment().put("ERL_EPMD_PORT", Integer.toString(epmdPort));
            epmd.start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            // gone already
        }
    }
}
