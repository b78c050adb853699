package org.shogibridge.firmware.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.NodeList;

/**
 * The wiring drawing of the build guide is the pin map the firmware is built with: every pin of mega2560/pins.h has
 * its label in hardware-docs/drawings/reference-board-mega2560.svg ("D22 → SH/LD"), and the drawing has no other.
 */
class ReferenceWiringTest {
    private static final Pattern PIN = Pattern.compile("#define SB_PIN_\\w+\\s+\\d+\\s+/\\* (D\\d+) (->|<-) ([^:]+):");
    private static final Pattern LABEL = Pattern.compile("(D\\d+) (→|←) (.+)");

    @Test
    void theDrawingLabelsEveryPinOfTheHeaderAndNoOther() throws Exception {
        Set<String> header = new TreeSet<>();
        Matcher m = PIN.matcher(Files.readString(Path.of("mega2560", "pins.h")));
        while (m.find()) {
            header.add(m.group(1) + " " + m.group(2) + " " + m.group(3).trim());
        }
        assertEquals(12, header.size(), "pins.h names 12 pins: " + header);

        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        NodeList texts = factory.newDocumentBuilder()
                .parse(Path.of("..", "hardware-docs", "drawings", "reference-board-mega2560.svg").toFile())
                .getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        Set<String> drawing = new TreeSet<>();
        for (int i = 0; i < texts.getLength(); i++) {
            Matcher label = LABEL.matcher(texts.item(i).getTextContent().trim());
            if (label.matches()) {
                drawing.add(label.group(1) + " " + (label.group(2).equals("→") ? "->" : "<-") + " " + label.group(3).trim());
            }
        }
        assertTrue(!drawing.isEmpty(), "the drawing has pin labels");
        assertEquals(header, drawing);
    }
}
