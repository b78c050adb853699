package org.shogibridge.lab.cli;

import org.junit.jupiter.api.Test;
import org.shogibridge.device.cli.HelpTextTest;
import org.shogibridge.lab.Lab;

/** The lab's commands listed in {@code --help}: whole sentences, as the product's. */
class LabHelpTextTest {
    @Test
    void everyCommandsSummaryIsAWholeSentence() {
        HelpTextTest.assertWholeSentences(Lab.commandLine());
    }
}
