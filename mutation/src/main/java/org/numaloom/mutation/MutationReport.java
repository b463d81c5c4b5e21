package org.numaloom.mutation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code report.md} of a mutation run: the matrix of mutants by layer, the score of each layer and
 * of all of them together, and every survivor with its place in the code.
 *
 * <p>A layer's score is the share of the mutants it ran that it caught (killed or hung), counting
 * neither invalid mutants nor those that need an aarch64 machine to tell; the overall score is
 * the share caught by at least one layer. Mutants the kit lists as equivalent ({@link EquivalentMutants})
 * and no layer caught are not counted either.
 */
final class MutationReport {
    private MutationReport() {
    }

    /**
     * @param notRunByLock per lock, the methods of its classes that it never runs ({@link ReachableMethods}),
     *                     which were not mutated for it
     */
    static void write(Path file, List<Row> rows, Set<Layer> layers, Map<String, Set<String>> notRunByLock,
            EquivalentMutants equivalents, String command) throws IOException {
        Map<Mutant, Map<Layer, Row>> matrix = new LinkedHashMap<>();
        for (Row row : rows) {
            matrix.computeIfAbsent(row.mutant(), mutant -> new LinkedHashMap<>()).put(row.layer(), row);
        }
        Set<Mutant> equivalent = new HashSet<>();
        matrix.forEach((mutant, byLayer) -> {
            if (equivalents.reason(mutant).isPresent() && !caught(byLayer)) {
                equivalent.add(mutant);
            }
        });
        StringBuilder md = new StringBuilder("# Mutation run\n\n`").append(command).append("`\n\n");
        md.append("## Scores\n\n| layer | caught | counted | score |\n|---|---:|---:|---:|\n");
        for (Layer layer : layers) {
            List<Row> ofLayer = rows.stream()
                    .filter(row -> row.layer() == layer && row.outcome().counted() && !equivalent.contains(row.mutant())).toList();
            long caught = ofLayer.stream().filter(row -> row.outcome().caught()).count();
            md.append(scoreLine(layer.label(), caught, ofLayer.size()));
        }
        long counted = matrix.entrySet().stream().filter(e -> !equivalent.contains(e.getKey()) && counted(e.getValue())).count();
        long caught = matrix.values().stream().filter(MutationReport::caught).count();
        md.append(scoreLine("any layer", caught, counted)).append('\n');

        md.append("## Matrix\n\n| lock | mutant | line |");
        layers.forEach(layer -> md.append(' ').append(layer.label()).append(" |"));
        md.append("\n|---|---|---:|");
        layers.forEach(layer -> md.append("---|"));
        md.append('\n');
        for (Map.Entry<Mutant, Map<Layer, Row>> entry : matrix.entrySet()) {
            Mutant mutant = entry.getKey();
            md.append("| ").append(mutant.lock()).append(" | `").append(mutant.id()).append("` | ")
                    .append(mutant.site().line()).append(" |");
            for (Layer layer : layers) {
                Row row = entry.getValue().get(layer);
                md.append(' ').append(row == null ? "" : row.outcome().label()).append(" |");
            }
            md.append('\n');
        }

        List<String> survivors = new ArrayList<>();
        for (Map.Entry<Mutant, Map<Layer, Row>> entry : matrix.entrySet()) {
            if (!equivalent.contains(entry.getKey()) && counted(entry.getValue()) && !caught(entry.getValue())) {
                Mutant mutant = entry.getKey();
                survivors.add("- `" + mutant.id() + "` (" + mutant.lock() + "): " + mutant.operator().description() + ", in "
                        + mutant.className().replace('/', '.') + "." + mutant.site().member()
                        + (mutant.site().line() > 0 ? " line " + mutant.site().line() : ""));
            }
        }
        md.append("\n## Survivors\n\n").append(survivors.isEmpty() ? "None.\n" : String.join("\n", survivors) + "\n");
        md.append("\n## Equivalent mutants (not counted)\n\n");
        md.append(equivalent.isEmpty() ? "None.\n" : "");
        matrix.keySet().stream().filter(equivalent::contains).forEach(mutant -> md.append("- `").append(mutant.id())
                .append("` (").append(mutant.lock()).append("): ").append(equivalents.reason(mutant).orElseThrow()).append('\n'));
        matrix.forEach((mutant, byLayer) -> {
            if (equivalents.reason(mutant).isPresent() && caught(byLayer)) {
                md.append("- **listed as equivalent, yet caught**: `").append(mutant.id()).append("` (").append(mutant.lock())
                        .append("); remove it from ").append(EquivalentMutants.RESOURCE).append('\n');
            }
        });
        md.append("\n## Not mutated\n\nMethods of a lock's classes that no call path from the lock reaches (code "
                + "shared with other locks); their mutants belong to the locks that run them.\n\n");
        notRunByLock.forEach((lock, methods) -> md.append("- ").append(lock).append(": ")
                .append(methods.isEmpty() ? "none" : String.join(", ", methods)).append('\n'));
        md.append("\n`needs-aarch64`: survived on x86_64, whose hardware orders plain accesses like release stores and "
                + "acquire loads (TSO); only a weaker CPU or the JIT's own reordering shows the mistake, so it is not "
                + "counted either way. `invalid`: the mutated class did not load; not a mutant.\n");
        Files.writeString(file, md);
    }

    /** Whether some layer caught the mutant (killed it, or its watchdog saw it hang). */
    static boolean caught(Map<Layer, Row> byLayer) {
        return byLayer.values().stream().anyMatch(row -> row.outcome().caught());
    }

    /** A mutant counts unless it did not load, or no layer caught it and one needs aarch64 to tell. */
    static boolean counted(Map<Layer, Row> byLayer) {
        return byLayer.values().stream().noneMatch(row -> row.outcome() == Outcome.INVALID)
                && (byLayer.values().stream().anyMatch(row -> row.outcome().caught())
                        || byLayer.values().stream().noneMatch(row -> row.outcome() == Outcome.NEEDS_AARCH64));
    }

    private static String scoreLine(String what, long caught, long counted) {
        return String.format(Locale.ROOT, "| %s | %d | %d | %s |%n", what, caught, counted,
                counted == 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100.0 * caught / counted));
    }
}
