package org.shogibridge.device.cli;

import org.shogibridge.core.notation.JapaneseNotation;
import org.shogibridge.core.notation.WesternNotation;
import org.shogibridge.core.record.GameRecord;
import org.shogibridge.core.record.RecordFormat;
import org.shogibridge.core.record.RecordedMove;
import org.shogibridge.core.rules.Move;
import org.shogibridge.core.rules.Position;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code convert}: reads a record in any format and encoding and writes it in another. Every move is checked by
 * the rules core on the way in.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Convert a game record between KIF, KI2, CSA, JKF and USI.",
                "The input format and encoding are detected from the content and the extension.",
                "Without OUTPUT the record goes to standard output, always in UTF-8.",
                "--notation prints the moves one per line in that notation instead of a record."})
public final class ConvertCommand implements Callable<Integer> {
    enum Notation { japanese, hodges, hosking }

    @Spec
    private CommandSpec spec;

    @Option(names = "--to", paramLabel = "FORMAT",
            description = "kif (Shift_JIS), kifu (UTF-8), ki2, ki2u, csa, jkf or usi; default: OUTPUT's extension, else kif.")
    private String to;

    @Option(names = "--notation", paramLabel = "NOTATION",
            description = "japanese, hodges or hosking: list the main line's moves in this notation.")
    private Notation notation;

    @Parameters(index = "0", paramLabel = "INPUT", description = "The record to read.")
    private Path input;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OUTPUT", description = "Where to write; default: standard output.")
    private Path output;

    @Override
    public Integer call() throws IOException {
        GameRecord record = RecordFiles.read(input);
        if (notation != null) {
            if (to != null) {
                throw new IllegalArgumentException("Bad options. --notation lists moves and cannot be combined with --to");
            }
            String list = moveList(record);
            return emit(list.getBytes(StandardCharsets.UTF_8), list);
        }
        RecordFormat format = outputFormat();
        if (output == null) {
            // Standard output is text for a terminal or a pipe: UTF-8, with the KIF header saying so.
            RecordFormat utf8 = format == RecordFormat.KIF ? RecordFormat.KIFU
                    : format == RecordFormat.KI2 ? RecordFormat.KI2U : format;
            return emit(null, utf8.write(record));
        }
        return emit(format.encode(record), null);
    }

    private Integer emit(byte[] bytes, String text) throws IOException {
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            Files.write(output, bytes);
        }
        return 0;
    }

    private RecordFormat outputFormat() {
        if (to != null) {
            return RecordFormat.byName(to).orElseThrow(() -> new IllegalArgumentException(
                    "Unknown format. '" + to + "': use kif, kifu, ki2, ki2u, csa, jkf or usi"));
        }
        if (output != null) {
            return RecordFormat.ofFileName(output.getFileName().toString()).orElse(RecordFormat.KIF);
        }
        return RecordFormat.KIF;
    }

    private String moveList(GameRecord record) {
        StringBuilder sb = new StringBuilder();
        Position p = record.startPosition();
        int previousTo = -1;
        int ply = 1;
        for (RecordedMove rm : record.mainLine().moves()) {
            int move = rm.move();
            String text = switch (notation) {
                case japanese -> JapaneseNotation.format(p, move, previousTo, JapaneseNotation.Marks.TRIANGLES);
                case hodges -> WesternNotation.HODGES.format(p, move);
                case hosking -> WesternNotation.HOSKING.format(p, move);
            };
            sb.append(ply++).append(notation == Notation.japanese ? " " : ". ").append(text).append('\n');
            previousTo = Move.to(move);
            p.doMove(move);
        }
        if (record.mainLine().ending() != null) {
            sb.append(notation == Notation.japanese ? record.mainLine().ending().kif()
                    : record.mainLine().ending().name().toLowerCase(Locale.ROOT).replace('_', ' ')).append('\n');
        }
        return sb.toString();
    }
}
