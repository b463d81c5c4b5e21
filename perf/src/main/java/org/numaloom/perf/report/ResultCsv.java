package org.numaloom.perf.report;

import java.util.List;
import java.util.Locale;

/**
 * {@code results.csv}: one row per bench, lock (or variant) and thread count, for spreadsheets and
 * plotting scripts. Numbers use a dot and no grouping; a value that does not exist for a row (no
 * ideal, no baseline at that thread count, no memory measured, no hand-offs recorded) is an empty
 * cell. {@code ratio_baseline_label} is {@link Compared#baselineLabel}: empty where the two ratios are
 * to the JDK locks themselves, {@code @c130} where they are to those locks' variants of that label.
 */
public final class ResultCsv {
    /** The column of {@link Measurement#remoteHandoffFraction}, under the same name in every table. */
    public static final String REMOTE_HANDOFF_FRACTION = "remote_handoff_fraction";
    public static final String HEADER = "bench,lock,threads,throughput,unit,error_pct,min,median,max,cv_pct,"
            + "ideal,efficiency,ratio_unfair_reentrant,ratio_synchronized,resident_bytes_per_thread,heap_bytes_per_thread,"
            + REMOTE_HANDOFF_FRACTION + ",ratio_baseline_label";

    private ResultCsv() {
    }

    /** The header line and one line per entry of {@code rows}, each ending in a newline. */
    public static String render(List<Compared> rows) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Compared row : rows) {
            csv.append(row(row)).append('\n');
        }
        return csv.toString();
    }

    static String row(Compared row) {
        Measurement m = row.measurement();
        Spread s = m.spread();
        return String.join(",", m.bench(), m.lock(), String.valueOf(m.threads()),
                number("%.1f", m.throughput()), m.unit(), number("%.2f", m.errorPercent()),
                number("%.1f", s.min()), number("%.1f", s.median()), number("%.1f", s.max()),
                number("%.2f", s.cvPercent()), number("%.1f", m.ideal()), number("%.4f", m.efficiency()),
                number("%.4f", row.vsUnfairReentrant()), number("%.4f", row.vsSynchronized()),
                number("%.0f", m.residentBytesPerThread()), number("%.0f", m.heapBytesPerThread()),
                number("%.4f", m.remoteHandoffFraction()), row.baselineLabel());
    }

    private static String number(String format, double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
