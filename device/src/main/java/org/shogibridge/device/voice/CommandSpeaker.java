package org.shogibridge.device.voice;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.shogibridge.core.speech.Announcer.Utterance;
import org.shogibridge.device.threads.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Speaks through real programs: a speech engine renders each phrase's kana once into a WAV file, cached under the
 * data directory by the phrase and the engine's command, and a player plays it ({@code aplay}, ALSA). Both run on
 * the speaker's own thread, so the board loop never waits; if the speaker falls behind, the oldest phrases waiting
 * are dropped (a move read late is worse than one not read), and a failing engine or player is logged once and
 * never stops the daemon.
 */
public final class CommandSpeaker implements Speaker {
    private static final Logger log = LoggerFactory.getLogger(CommandSpeaker.class);
    /** espeak-ng reads kana with its Japanese voice; {volume} is its amplitude (0-200). */
    public static final String ESPEAK = "espeak-ng -v ja -a {volume} -w {wav} {text}";
    /** espeak-ng's English voice, for voice.language: en. */
    public static final String ESPEAK_ENGLISH = "espeak-ng -v en -a {volume} -w {wav} {text}";
    private static final int WAITING = 16;
    private static final long PROGRAM_SECONDS = 30;

    private final List<String> render;
    private final List<String> play;
    private final Path cache;
    private final BlockingQueue<Utterance> waiting = new ArrayBlockingQueue<>(WAITING);
    private final Thread thread;
    private volatile boolean running = true;
    private boolean failureLogged;
    /** Phrases dropped since the speaker fell behind: one line when it begins, one when it ends (a Pi's log stays readable). */
    private final AtomicInteger skipped = new AtomicInteger();

    /**
     * @param renderCommand the engine's command line, words split on spaces, with {@code {wav}}, {@code {text}} and
     *                      optionally {@code {volume}} in it
     * @param volume        what {@code {volume}} stands for
     * @param playCommand   the player's command line with {@code {wav}}, or null to render only
     * @param cache         the directory of rendered phrases
     */
    public CommandSpeaker(String renderCommand, int volume, String playCommand, Path cache) throws IOException {
        this.render = words(renderCommand.replace("{volume}", Integer.toString(volume)));
        this.play = playCommand == null ? null : words(playCommand);
        this.cache = Files.createDirectories(cache);
        this.thread = DaemonThreads.named("voice").newThread(this::run);
        thread.start();
    }

    private static List<String> words(String command) {
        return List.of(command.trim().split("\\s+"));
    }

    @Override
    public void say(Utterance utterance) {
        while (!waiting.offer(utterance)) {
            Utterance dropped = waiting.poll();
            if (dropped != null && skipped.getAndIncrement() == 0) {
                log.warn("Voice: behind; '{}' is not said, nor the phrases skipped until it catches up.", dropped.text());
            }
        }
    }

    /** Return the WAV file of a phrase, rendering it first if it is not in the cache yet. */
    public Path rendered(Utterance utterance) throws IOException, InterruptedException {
        Path wav = cache.resolve(key(utterance.reading()) + ".wav");
        if (!Files.exists(wav)) {
            Path tmp = Files.createTempFile(cache, "render-", ".wav");
            run(substitute(render, tmp, utterance.reading()));
            if (Files.size(tmp) == 0) {
                Files.delete(tmp);
                throw new IOException("the speech engine wrote no sound for '" + utterance.reading() + "'");
            }
            Files.move(tmp, wav, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return wav;
    }

    private String key(String reading) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(String.join(" ", render).getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return HexFormat.of().formatHex(sha.digest(reading.getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> substitute(List<String> command, Path wav, String text) {
        List<String> out = new ArrayList<>();
        for (String word : command) {
            out.add(word.replace("{wav}", wav.toString()).replace("{text}", text));
        }
        return out;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(PROGRAM_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(command.get(0) + " took more than " + PROGRAM_SECONDS + " s");
        }
        if (process.exitValue() != 0) {
            throw new IOException(command.get(0) + " failed (exit code " + process.exitValue() + ")");
        }
    }

    private void run() {
        while (running) {
            try {
                Utterance next = waiting.poll(200, TimeUnit.MILLISECONDS);
                if (next == null) {
                    int count = skipped.getAndSet(0);
                    if (count > 0) {
                        log.warn("Voice: caught up; {} phrase(s) were skipped.", count);
                    }
                } else {
                    Path wav = rendered(next);
                    if (play != null) {
                        run(substitute(play, wav, next.reading()));
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException e) {
                if (!failureLogged) {
                    failureLogged = true;
                    log.error("Voice: {}. The daemon goes on without sound (voice.output: none publishes only).", e.getMessage());
                }
            }
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
