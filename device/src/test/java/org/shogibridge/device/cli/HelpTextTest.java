package org.shogibridge.device.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The commands' summaries in {@code --help}: each is its description's first line, so it must be a whole sentence. */
public class HelpTextTest {
    @Test
    void everyCommandsSummaryIsAWholeSentence() {
        assertWholeSentences(ShogiBridge.commandLine());
    }

    public static void assertWholeSentences(CommandLine line) {
        for (Map.Entry<String, CommandLine> sub : line.getSubcommands().entrySet()) {
            String[] description = sub.getValue().getCommandSpec().usageMessage().description();
            assertTrue(description.length > 0, sub.getKey() + " has no description");
            String summary = description[0].strip();
            assertTrue(summary.endsWith(".") || summary.endsWith(".)"),
                    "'" + sub.getKey() + "' is listed in --help as \"" + summary + "\", cut mid-sentence");
            assertWholeSentences(sub.getValue());
        }
    }
}
