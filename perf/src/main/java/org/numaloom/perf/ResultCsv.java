package org.numaloom.perf;

import java.util.List;
import java.util.Locale;

/**
 * {@code results.csv}: one row per setting, lock and thread count, for spreadsheets and plots.
 * Numbers use a dot and no grouping; a value that could not be computed is an empty cell.
 */
final class ResultCsv {
    static final String HEADER = "setting,lock,threads,actions_per_s,error_pct,ratio_unfair_reentrant,ratio_synchronized";

    private ResultCsv() {
    }

    /** The header line and one line per entry of {@code compared}, each ending in a newline. */
    static String render(List<ComparedThroughput> compared) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (ComparedThroughput row : compared) {
            csv.append(row(row)).append('\n');
        }
        return csv.toString();
    }

    static String row(ComparedThroughput compared) {
        Throughput t = compared.throughput();
        return String.join(",", t.setting().label(), t.lock(), String.valueOf(t.threads()),
                number("%.1f", t.actionsPerSecond()), number("%.2f", t.errorPercent()),
                number("%.4f", compared.vsUnfairReentrant()), number("%.4f", compared.vsSynchronized()));
    }

    private static String number(String format, double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
