package org.shogibridge.device.voice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.shogibridge.device.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.core.speech.Readings;

/** The real speech engine (Debian's espeak-ng) renders real speech, cached, and the player plays phrases in turn. */
class CommandSpeakerTest {
    @TempDir
    Path dir;

    /** sox's statistics of a WAV file: its length in seconds and its RMS amplitude. */
    private static double[] lengthAndLoudness(Path wav) throws Exception {
        Process sox = new ProcessBuilder("sox", wav.toString(), "-n", "stat").redirectErrorStream(true).start();
        String stat = new String(sox.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(sox.waitFor(20, TimeUnit.SECONDS) && sox.exitValue() == 0, stat);
        double length = Double.parseDouble(stat.lines().filter(l -> l.startsWith("Length (seconds):")).findFirst().orElseThrow()
                .replaceAll(".*:", "").trim());
        double rms = Double.parseDouble(stat.lines().filter(l -> l.startsWith("RMS     amplitude:")).findFirst().orElseThrow()
                .replaceAll(".*:", "").trim());
        return new double[] {length, rms};
    }

    @Test
    void espeakRendersRealSpeechOnceAndThePlayerPlaysEachPhraseInTurn() throws Exception {
        Path cache = dir.resolve("voice");
        Path played = dir.resolve("played.wav");
        try (CommandSpeaker speaker = new CommandSpeaker(CommandSpeaker.ESPEAK, 100, "cp {wav} " + played, cache)) {
            Utterance move = new Utterance("move", "８四歩", Readings.of("８四歩"));
            Path wav = speaker.rendered(move);
            double[] stat = lengthAndLoudness(wav);
            assertTrue(stat[0] > 0.5 && stat[0] < 5, "a short phrase: " + stat[0] + " s");
            assertTrue(stat[1] > 0.01, "speech, not silence: RMS " + stat[1]);
            java.nio.file.attribute.FileTime marked = java.nio.file.attribute.FileTime.fromMillis(1_000_000_000_000L);
            Files.setLastModifiedTime(wav, marked); // a file written again would carry the time of its writing
            assertEquals(wav, speaker.rendered(move), "cached by its reading");
            assertEquals(marked, Files.getLastModifiedTime(wav), "not rendered again");

            Utterance end = new Utterance("end", "まで百二手で先手の勝ち", Readings.of("まで百二手で先手の勝ち"));
            speaker.say(move);
            speaker.say(end);
            Path endWav = speaker.rendered(end);
            assertTrue(lengthAndLoudness(endWav)[0] > lengthAndLoudness(wav)[0], "a longer sentence takes longer");
            Await.until("the last phrase was played", java.time.Duration.ofSeconds(60), () -> {
                try {
                    return Files.exists(played) && java.util.Arrays.equals(Files.readAllBytes(played), Files.readAllBytes(endWav));
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            assertArrayEquals(Files.readAllBytes(endWav), Files.readAllBytes(played));
        }
    }

    @Test
    void aMissingSpeechEngineNeverStopsTheCaller() throws Exception {
        try (CommandSpeaker speaker = new CommandSpeaker("no-such-speech-engine {wav} {text}", 100, null, dir)) {
            for (int i = 0; i < 100; i++) {
                speaker.say(new Utterance("byoyomi", "1", "いち")); // returns at once, however many wait
            }
        }
    }

    /** A speaker far behind (a slow player, a flood of byoyomi counts) says so once when it begins and once when it ends. */
    @Test
    void aSpeakerThatFallsBehindLogsTwoLinesNotOnePerSkippedPhrase() throws Exception {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        Logger speakerLog = org.shogibridge.device.Logs.logback(CommandSpeaker.class);
        logged.start();
        speakerLog.addAppender(logged);
        try (CommandSpeaker speaker = new CommandSpeaker("cp /bin/true {wav}", 100, "sleep 0.2", dir)) {
            for (int i = 0; i < 100; i++) {
                speaker.say(new Utterance("byoyomi", Integer.toString(i), "いち")); // one reading, rendered once; each play takes 0.2 s
            }
            Await.until("the speaker caught up", java.time.Duration.ofSeconds(60),
                    () -> messages(logged).stream().anyMatch(m -> m.startsWith("Voice: caught up")));
        } finally {
            speakerLog.detachAppender(logged);
        }
        List<String> lines = messages(logged);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).matches("Voice: behind; '[0-2]' is not said, .*"), lines.get(0));
        int skipped = 100 - 16; // the queue keeps the 16 newest; the thread may have taken one or two first
        assertTrue(lines.get(1).matches("Voice: caught up; 8[2-4] phrase\\(s\\) were skipped\\."), lines.get(1) + " (about " + skipped + ")");
    }

    /** What was logged so far: the speaker's thread appends while the test reads (the appender appends holding its lock). */
    private static List<String> messages(ListAppender<ILoggingEvent> logged) {
        synchronized (logged) {
            return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        }
    }
}
