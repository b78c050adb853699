package org.shogibridge.device.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The build guide holds together: every drawing is a well-formed SVG with a title, every relative link of the guide
 * leads to a file, and the wired-board example of docs/configuration.md is a configuration the daemon accepts.
 */
class HardwareDocsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path GUIDE = ROOT.resolve("hardware-docs");

    @Test
    void everyDrawingIsAnSvgWithATitle() throws Exception {
        List<Path> drawings;
        try (Stream<Path> files = Files.list(GUIDE.resolve("drawings"))) {
            drawings = files.filter(p -> p.toString().endsWith(".svg")).sorted().toList();
        }
        assertEquals(5, drawings.size(), drawings.toString());
        for (Path svg : drawings) {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Document doc = factory.newDocumentBuilder().parse(svg.toFile());
            assertEquals("svg", doc.getDocumentElement().getLocalName(), svg.toString());
            assertTrue(doc.getElementsByTagName("title").getLength() == 1, svg + " has no title");
        }
    }

    @Test
    void everyRelativeLinkOfTheGuideResolves() throws IOException {
        Pattern link = Pattern.compile("\\]\\(([^)#:]+)(#[^)]*)?\\)");
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.list(GUIDE)) {
            for (Path md : files.filter(p -> p.toString().endsWith(".md")).toList()) {
                Matcher m = link.matcher(Files.readString(md));
                while (m.find()) {
                    if (!Files.exists(md.getParent().resolve(m.group(1)))) {
                        broken.add(md.getFileName() + " -> " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void theDocumentedMatrixExampleIsAccepted() throws Exception {
        String doc = Files.readString(ROOT.resolve("docs/configuration.md"));
        int section = doc.indexOf("## A board wired to the Pi");
        int start = doc.indexOf("```yaml\n", section) + "```yaml\n".length();
        String yaml = doc.substring(start, doc.indexOf("```", start));
        Path file = Files.createTempFile("matrix", ".yaml");
        try {
            Files.writeString(file, yaml);
            RunSettings settings = new ConfigLoader().load(file, Map.of());
            assertEquals(13, ((org.shogibridge.device.board.wired.WiredPlan.Matrix) settings.wired().sensors()).rowPins().size());
        } finally {
            Files.delete(file);
        }
    }
}
