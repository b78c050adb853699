package org.shogibridge.device.usi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsiClientTest {
    @TempDir
    Path dir;

    private static UsiClient.Config quick(List<String> command) {
        return new UsiClient.Config(command, Map.of(), Duration.ofSeconds(20), Duration.ofMillis(300));
    }

    @Test
    void playsAgainstTheBuiltInEngineWithOptions() throws Exception {
        try (UsiClient client = new UsiClient(new UsiClient.Config(TestEngines.builtin(), Map.of("Level", "3"),
                Duration.ofSeconds(30), Duration.ofSeconds(3)))) {
            client.start();
            assertEquals("shogi-bridge 0.1.0", client.name());
            assertTrue(client.optionNames().contains("USI_Hash"));
            client.newGame();
            UsiClient.BestMove answer = client.go("position startpos", "go btime 0 wtime 0 byoyomi 200",
                    Duration.ofMillis(200));
            assertTrue(answer.move().matches("[1-9][a-i][1-9][a-i]\\+?"), answer.move());
        }
    }

    @Test
    void anEngineThatCrashesIsReportedAndRestarted() throws Exception {
        Path crasher = TestEngines.script(dir, "crasher", "exit 3");
        try (UsiClient client = new UsiClient(quick(List.of(crasher.toString())))) {
            client.start();
            UsiEngineException e = assertThrows(UsiEngineException.class,
                    () -> client.go("position startpos", "go byoyomi 100", Duration.ofMillis(100)));
            assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
            assertTrue(e.getMessage().endsWith("it was restarted."), e.getMessage());
            assertEquals(1, client.restarts());
            client.newGame(); // the restarted engine answers again
        }
    }

    @Test
    void anEngineThatHangsIsTimedOutAndRestarted() throws Exception {
        Path sleeper = TestEngines.script(dir, "sleeper", "sleep 600 &");
        try (UsiClient client = new UsiClient(quick(List.of(sleeper.toString())))) {
            client.start();
            UsiEngineException e = assertThrows(UsiEngineException.class,
                    () -> client.go("position startpos", "go byoyomi 100", Duration.ofMillis(100)));
            assertTrue(e.getMessage().contains("did not send 'bestmove' in time"), e.getMessage());
            assertEquals(1, client.restarts());
            client.newGame();
        }
    }

    @Test
    void aMissingProgramIsAClearError() {
        UsiClient client = new UsiClient(quick(List.of(dir.resolve("no-such-engine").toString())));
        UsiEngineException e = assertThrows(UsiEngineException.class, client::start);
        assertTrue(e.getMessage().contains("could not be started"), e.getMessage());
    }

    @Test
    void anEngineThatNeverCompletesTheHandshakeFailsToStart() throws Exception {
        Path mute = dir.resolve("mute");
        java.nio.file.Files.writeString(mute, "#!/bin/sh\nsleep 600\n");
        mute.toFile().setExecutable(true);
        UsiClient client = new UsiClient(new UsiClient.Config(List.of(mute.toString()), Map.of(), Duration.ofMillis(500),
                Duration.ofMillis(100)));
        UsiEngineException e = assertThrows(UsiEngineException.class, client::start);
        assertTrue(e.getMessage().contains("failed to start: did not send 'usiok' in time"), e.getMessage());
    }

    @Test
    void commandLinesSplitLikeAShellWithoutOne() {
        assertEquals(List.of("java", "-jar", "my engine.jar", "usi"), UsiClient.splitCommand("java -jar 'my engine.jar' usi"));
        assertEquals(List.of("a", "b c"), UsiClient.splitCommand("  a \"b c\" "));
        assertThrows(IllegalArgumentException.class, () -> UsiClient.splitCommand("a 'b"));
    }

    @Test
    void anOptionTheEngineDoesNotDeclareStopsTheStart() throws Exception {
        Path engine = TestEngines.script(dir, "plain", "echo bestmove resign");
        UsiClient client = new UsiClient(new UsiClient.Config(List.of(engine.toString()),
                Map.of("USI_Hash", "16", "Levle", "8"), Duration.ofSeconds(10), Duration.ofSeconds(1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, client::start);
        assertTrue(e.getMessage().startsWith("Unknown option. Engine 'plain' declares no option 'Levle'"), e.getMessage());
        client.close();
    }

    @Test
    void fairyStockfishOnOkisakiGetsAndGivesMovesInItsOwnSquares() throws Exception {
        // The script answers with the position it was sent, as the score line's trailer, and a file-10 move.
        Path engine = TestEngines.script(dir, "Fairy-Stockfish",
                "echo \"info score cp 0 $position\"; echo \"bestmove :h:g ponder 01a1b\"");
        try (UsiClient client = new UsiClient(quick(List.of(engine.toString())))) {
            client.start();
            client.setOption("UCI_Variant", "okisakishogi");
            UsiClient.BestMove answer = client.go("position startpos moves 10h10g 10a10b", "go byoyomi 100",
                    Duration.ofMillis(100));
            assertEquals("10h10g", answer.move());
            assertEquals("01a1b", answer.ponder()); // as it is: this jar reads two-digit files already
            assertTrue(answer.info().endsWith("position startpos moves :h:g 10a:b"), answer.info());
            client.setOption("UCI_Variant", "shogi");
            answer = client.go("position startpos moves 1g1f", "go byoyomi 100", Duration.ofMillis(100));
            assertTrue(answer.info().endsWith("position startpos moves 1g1f"), answer.info());
            assertEquals(":h:g", answer.move()); // a nine-file board is not rewritten
        }
    }

    @Test
    void anOptionSetAfterTheStartIsSetAgainAfterARestart() throws Exception {
        // Fails its first "go" (as a crash), then tells the variant it was last set to.
        Path flag = dir.resolve("crashed");
        Path engine = TestEngines.executable(dir.resolve("Fairy-Stockfish-restarting"), "#!/bin/sh",
                "while read -r line; do",
                "  case \"$line\" in",
                "    usi) echo \"id name Fairy-Stockfish 14\"; echo usiok ;;",
                "    isready) echo readyok ;;",
                "    'setoption name UCI_Variant value '*) variant=\"${line##* }\" ;;",
                "    go*) [ -f " + flag + " ] || { touch " + flag + "; exit 3; }",
                "         echo \"info score cp 0 variant $variant\"; echo \"bestmove :h:g\" ;;",
                "    quit) exit 0 ;;",
                "  esac",
                "done");
        try (UsiClient client = new UsiClient(quick(List.of(engine.toString())))) {
            client.start();
            client.setOption("UCI_Variant", "okisakishogi");
            assertThrows(UsiEngineException.class,
                    () -> client.go("position startpos", "go byoyomi 100", Duration.ofMillis(100)));
            UsiClient.BestMove answer = client.go("position startpos", "go byoyomi 100", Duration.ofMillis(100));
            assertTrue(answer.info().endsWith("variant okisakishogi"), answer.info());
            assertEquals("10h10g", answer.move());
        }
    }
}
