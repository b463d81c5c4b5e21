package org.numaloom.perf;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The table {@link BenchMain} prints per setting: one line per thread count and lock, in the order
 * the locks were measured, with throughput, error and the ratios to the baselines.
 */
final class ResultTable {
    private static final int MIN_LOCK_WIDTH = 16;

    private ResultTable() {
    }

    /** The setting's title line, a header, and its rows of {@code compared}; rows of other settings are left out. */
    static String render(Setting setting, List<ComparedThroughput> compared) {
        List<ComparedThroughput> rows = compared.stream()
                .filter(c -> c.throughput().setting() == setting)
                .sorted(Comparator.comparingInt(c -> c.throughput().threads()))
                .toList();
        String format = lineFormat(rows);
        StringBuilder table = new StringBuilder(setting.description()).append('\n');
        table.append(String.format(Locale.ROOT, format, "threads", "lock", "actions/s", "±%",
                "vs " + ComparedThroughput.UNFAIR_REENTRANT, "vs " + Exclusion.SYNCHRONIZED));
        for (ComparedThroughput row : rows) {
            Throughput t = row.throughput();
            table.append(String.format(Locale.ROOT, format, t.threads(), t.lock(),
                    String.format(Locale.ROOT, "%,.0f", t.actionsPerSecond()),
                    orNotAvailable("%.1f", t.errorPercent()),
                    orNotAvailable("%.2fx", row.vsUnfairReentrant()),
                    orNotAvailable("%.2fx", row.vsSynchronized())));
        }
        return table.toString();
    }

    private static String lineFormat(List<ComparedThroughput> rows) {
        int lockWidth = rows.stream().mapToInt(c -> c.throughput().lock().length()).max().orElse(0);
        return "%7s  %-" + Math.max(MIN_LOCK_WIDTH, lockWidth) + "s  %11s  %5s  %19s  %15s%n";
    }

    private static String orNotAvailable(String format, double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, format, value);
    }
}
