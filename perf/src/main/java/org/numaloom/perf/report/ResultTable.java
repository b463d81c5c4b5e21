package org.numaloom.perf.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.numaloom.perf.bench.Exclusion;

/**
 * The table of one bench, as aligned text for the console and as Markdown for the report: one line
 * per thread count and lock, in the order the locks were measured. Columns that no row has a value
 * for (efficiency where there is no ideal, memory where none was measured, ratios where no lock was
 * compared, remote hand-offs where none were recorded) are left out, so one renderer serves every bench.
 */
public final class ResultTable {
    private static final String NOT_AVAILABLE = "n/a";

    private record Column(String header, Function<Compared, String> cell) {
    }

    private ResultTable() {
    }

    /** Aligned columns under a header line; numbers right-aligned, names left-aligned. */
    public static String text(List<Compared> rows) {
        List<Compared> sorted = byThreads(rows);
        List<Column> columns = columnsFor(sorted);
        int[] widths = new int[columns.size()];
        List<List<String>> lines = new ArrayList<>();
        lines.add(columns.stream().map(Column::header).toList());
        sorted.forEach(row -> lines.add(columns.stream().map(c -> c.cell().apply(row)).toList()));
        lines.forEach(line -> {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        });
        StringBuilder table = new StringBuilder();
        for (List<String> line : lines) {
            for (int c = 0; c < widths.length; c++) {
                String cell = line.get(c);
                String padding = " ".repeat(widths[c] - cell.length());
                table.append(c == 0 ? "" : "  ").append(c == 1 ? cell + padding : padding + cell);
            }
            table.append('\n');
        }
        return table.toString();
    }

    /** A GitHub-flavoured Markdown table with the same columns. */
    public static String markdown(List<Compared> rows) {
        List<Compared> sorted = byThreads(rows);
        List<Column> columns = columnsFor(sorted);
        StringBuilder table = new StringBuilder("|");
        columns.forEach(c -> table.append(' ').append(c.header()).append(" |"));
        table.append("\n|");
        for (int c = 0; c < columns.size(); c++) {
            table.append(c == 1 ? "---|" : "---:|");
        }
        table.append('\n');
        for (Compared row : sorted) {
            table.append('|');
            columns.forEach(c -> table.append(' ').append(c.cell().apply(row)).append(" |"));
            table.append('\n');
        }
        return table.toString();
    }

    private static List<Compared> byThreads(List<Compared> rows) {
        return rows.stream().sorted(Comparator.comparingInt(c -> c.measurement().threads())).toList();
    }

    private static List<Column> columnsFor(List<Compared> rows) {
        String unit = rows.isEmpty() ? "" : rows.get(0).measurement().unit();
        List<Column> columns = new ArrayList<>();
        columns.add(new Column("threads", c -> String.valueOf(c.measurement().threads())));
        columns.add(new Column("lock", c -> c.measurement().lock()));
        columns.add(new Column(unit, c -> format("%,.0f", c.measurement().throughput())));
        columns.add(new Column("cv%", c -> format("%.1f", c.measurement().spread().cvPercent())));
        columns.add(new Column("min..max", c -> format("%,.0f", c.measurement().spread().min()) + ".."
                + format("%,.0f", c.measurement().spread().max())));
        addIfAny(columns, rows, "ideal", m -> m.measurement().ideal(), "%,.0f");
        addIfAny(columns, rows, "efficiency", m -> m.measurement().efficiency(), "%.2f");
        // 1.57x, or 1.57x (@c130) on a row compared with the baselines' variants of that label
        addIfAny(columns, rows, "vs " + Exclusion.UNFAIR_REENTRANT, Compared::vsUnfairReentrant, "%.2fx", Compared::baselineMark);
        addIfAny(columns, rows, "vs " + Exclusion.SYNCHRONIZED, Compared::vsSynchronized, "%.2fx", Compared::baselineMark);
        addIfAny(columns, rows, "RSS B/thread", m -> m.measurement().residentBytesPerThread(), "%,.0f");
        addIfAny(columns, rows, "heap B/thread", m -> m.measurement().heapBytesPerThread(), "%,.0f");
        addIfAny(columns, rows, ResultCsv.REMOTE_HANDOFF_FRACTION, m -> m.measurement().remoteHandoffFraction(), "%.3f");
        return columns;
    }

    private static void addIfAny(List<Column> columns, List<Compared> rows, String header,
                                 ToDoubleFunction<Compared> value, String format) {
        addIfAny(columns, rows, header, value, format, row -> "");
    }

    /** The column, if any row has a value, each cell followed by what {@code after} says of its row. */
    private static void addIfAny(List<Column> columns, List<Compared> rows, String header,
                                 ToDoubleFunction<Compared> value, String format, Function<Compared, String> after) {
        if (rows.stream().anyMatch(row -> !Double.isNaN(value.applyAsDouble(row)))) {
            columns.add(new Column(header, row -> format(format, value.applyAsDouble(row)) + after.apply(row)));
        }
    }

    private static String format(String format, double value) {
        return Double.isNaN(value) ? NOT_AVAILABLE : String.format(Locale.ROOT, format, value);
    }
}
