package org.numaloom.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import org.numaloom.perf.bench.Exclusion;
import org.numaloom.perf.bench.TextStatisticsBenchmark;
import org.numaloom.perf.config.BenchKind;
import org.numaloom.perf.config.BenchSpec;

/**
 * {@code report.md} and the charts of one run: what was measured, on what, with what, and the
 * results, one section per bench with its chart and table. A reader who was not there should be able
 * to judge the numbers from this file alone.
 */
public final class Report {

    /**
     * What the report says about the run beside the results.
     *
     * @param machine   lines describing CPU, topology, memory and JDK
     * @param jvmFlags  the flags every fork got
     * @param placement the planned placement and what the forks' checks found
     * @param costs     the calibrated unit costs; null when no bench needed them
     */
    public record RunInfo(String started, String command, String configSource, String configJson, List<String> machine,
                          List<String> jvmFlags, List<String> placement, Ideal.UnitCosts costs, int carriers,
                          List<String> failedRuns) {
        public RunInfo {
            failedRuns = List.copyOf(failedRuns);
        }
    }

    private Report() {
    }

    /**
     * Writes a chart per bench ({@code <bench>.svg}, and {@code .png} where Java2D can draw), a
     * second one of its remote hand-off fractions where they were recorded
     * ({@code <bench>-remote-handoffs.svg}), and {@code report.md} in {@code out}.
     *
     * @return why the charts have no PNG, for the caller to say once on its console; empty if every
     *         chart has one
     */
    public static Optional<String> write(Path out, RunInfo info, List<BenchSpec> benches, List<Compared> rows)
            throws IOException {
        return write(out, info, benches, rows, LineChart::writePng);
    }

    /** Draws a chart's PNG: {@link LineChart#writePng}, or in a test a machine that cannot. */
    @FunctionalInterface
    interface PngWriter {
        void write(LineChart chart, Path directory, String stem) throws IOException;
    }

    static Optional<String> write(Path out, RunInfo info, List<BenchSpec> benches, List<Compared> rows, PngWriter png)
            throws IOException {
        Map<BenchSpec, List<Compared>> measured = new LinkedHashMap<>();
        for (BenchSpec bench : benches) {
            List<Compared> ofBench = rows.stream().filter(r -> r.measurement().bench().equals(bench.id())).toList();
            if (!ofBench.isEmpty()) {
                measured.put(bench, ofBench);
            }
        }
        Optional<String> noPng = writeCharts(out, measured, info.carriers(), png);
        StringBuilder md = new StringBuilder("# numaloom bench, " + info.started() + "\n\n");
        md.append("Command: `").append(info.command()).append("`  \nConfig: `").append(info.configSource())
                .append("` (as run: `config.json`)\n\n## Machine and JVM\n\n");
        info.machine().forEach(line -> md.append("- ").append(line).append('\n'));
        md.append("- JVM flags of every fork: `").append(String.join(" ", info.jvmFlags())).append("`\n");
        info.placement().forEach(line -> md.append("- ").append(line).append('\n'));
        if (info.costs() != null) {
            md.append(String.format(Locale.ROOT, "- Unit costs measured in this run: one consumeCPU token %.3f ns; "
                    + "one Thread.yield() of a virtual thread %.0f ns%n", info.costs().nanosPerToken(),
                    info.costs().nanosPerYield()));
        }
        noPng.ifPresent(why -> md.append("- Charts: ").append(why).append('\n'));
        md.append('\n');
        appendFailedRuns(md, info.failedRuns());
        measured.forEach((bench, ofBench) -> appendSection(md, bench, ofBench));
        md.append(READING);
        if (!info.configJson().isBlank()) {
            md.append("\n## Config file\n\nAs read from `").append(info.configSource())
                    .append("`, before command-line overrides (the sections above show what ran):\n\n```json\n")
                    .append(info.configJson().strip()).append("\n```\n");
        }
        Files.writeString(out.resolve("report.md"), md);
        return noPng;
    }

    /** The JMH runs that failed, each as the console reported it, so that a report read later does not hide them. */
    private static void appendFailedRuns(StringBuilder md, List<String> failedRuns) {
        if (failedRuns.isEmpty()) {
            return;
        }
        md.append("## Runs that failed\n\n").append(failedRuns.size() == 1 ? "1 JMH run failed" : failedRuns.size() + " JMH runs failed")
                .append(": what a run would have measured is missing from the tables, the charts and results.csv, and"
                        + " the ratios leave out the rounds it was in.\n\n");
        failedRuns.forEach(failure -> md.append("- ").append(failure).append('\n'));
        md.append('\n');
    }

    /**
     * Writes every chart's SVG, and its PNG until one cannot be drawn. What stops a PNG is the
     * machine (no font, no {@code java.desktop} native library), not the chart: the next one would
     * fail the same way, or worse, with a {@code NoClassDefFoundError} for a class whose
     * initialization failed the first time, which hides the first cause.
     *
     * @return why the PNGs stopped, and from which chart on; empty if every chart has one
     */
    private static Optional<String> writeCharts(Path out, Map<BenchSpec, List<Compared>> measured, int carriers,
                                                PngWriter png) throws IOException {
        Map<String, LineChart> charts = new LinkedHashMap<>();
        measured.forEach((bench, rows) -> {
            charts.put(bench.id(), chartOf(bench, rows, carriers));
            if (hasRemoteHandoffs(rows)) {
                charts.put(remoteHandoffsStem(bench), remoteHandoffsChartOf(bench, rows, carriers));
            }
        });
        String noPng = null;
        for (Map.Entry<String, LineChart> named : charts.entrySet()) {
            String stem = named.getKey();
            LineChart chart = named.getValue();
            chart.writeSvg(out, stem);
            if (noPng == null) {
                Throwable cannotDraw = pngFailure(chart, out, stem, png);
                if (cannotDraw != null) {
                    noPng = "no PNG from `" + stem + "` on: Java2D could not draw here (" + cannotDraw
                            + "). The SVGs need no font and are complete.";
                }
            }
        }
        return Optional.ofNullable(noPng);
    }

    /**
     * Writes the PNG beside the SVG; returns what stopped it, or null.
     *
     * <p>Charts must never cost the measurements, and a machine that cannot draw says so with
     * whatever Java2D happens to throw: {@code java.lang.Error} "No physical fonts found" where
     * the JDK's list of fonts names no font file that is there, a {@code RuntimeException}
     * ("Fontconfig head is null") where fontconfig finds no font at all, {@code UnsatisfiedLinkError}
     * where a native library of {@code java.desktop} is missing, {@code NoClassDefFoundError} where
     * the runtime has no {@code java.desktop}, {@code AWTError} where no toolkit starts. So every
     * throwable counts as "cannot draw here", with one exception: a {@link VirtualMachineError} such
     * as {@code OutOfMemoryError} or {@code StackOverflowError} says that this JVM is failing, which
     * a fallback would hide and after which nothing it does can be trusted; it propagates (by then
     * {@code results.csv} and JMH's JSON are on disk). {@link InternalError}, though a
     * {@code VirtualMachineError}, is what Java2D's own code throws for states it did not expect,
     * so it counts as "cannot draw" too.
     */
    private static Throwable pngFailure(LineChart chart, Path out, String stem, PngWriter png) {
        try {
            png.write(chart, out, stem);
            return null;
        } catch (InternalError cannotDraw) {
            return cannotDraw;
        } catch (VirtualMachineError jvmFailing) {
            throw jvmFailing;
        } catch (Throwable cannotDraw) {
            return cannotDraw;
        }
    }

    private static void appendSection(StringBuilder md, BenchSpec bench, List<Compared> rows) {
        md.append("## ").append(bench.title()).append(" (`").append(bench.id()).append("`)\n\n")
                .append(bench.work().describe()).append(". ").append(bench.warmupIterations()).append(" warm-up and ")
                .append(bench.measurementIterations()).append(" measured single-shot iterations, ")
                .append(bench.forks()).append(bench.forks() == 1 ? " fork" : " forks").append(" per thread count")
                .append(bench.rounds() == 1 ? "" : " in each of " + bench.rounds() + " rounds, every lock in turn once per "
                        + "round; throughputs pool all rounds, ratios are the median of the rounds' ratios").append(".\n\n")
                .append("![").append(bench.title()).append("](").append(bench.id()).append(".svg)\n\n");
        if (hasRemoteHandoffs(rows)) {
            md.append("![").append(bench.title()).append(": remote hand-offs](").append(remoteHandoffsStem(bench))
                    .append(".svg)\n\n");
        }
        md.append(ResultTable.markdown(rows)).append('\n');
        appendVariants(md, bench);
        if (bench.rounds() > 1) {
            appendRoundRatios(md, rows);
        }
    }

    private static void appendVariants(StringBuilder md, BenchSpec bench) {
        List<String> variants = variants(bench);
        if (!variants.isEmpty()) {
            md.append("Variants:\n\n");
            variants.forEach(variant -> md.append("- ").append(variant).append('\n'));
            md.append('\n');
        }
    }

    /**
     * A line per variant of the bench: the flags it adds to its lock's forks, and the baselines of
     * its ratios where they are the baselines' variants of its label ({@link BenchSpec#ratioBaselinesOf}).
     * The tables name the variants; these lines say what they are.
     */
    public static List<String> variants(BenchSpec bench) {
        return bench.locks().stream().filter(bench.variantJvmArgs()::containsKey)
                .map(variant -> {
                    List<String> baselines = bench.ratioBaselinesOf(variant);
                    List<String> flags = bench.jvmArgsOf(variant);
                    return variant + ": " + (flags.isEmpty() ? "no flags of its own" : String.join(" ", flags))
                            + (baselines.equals(Exclusion.RATIO_BASELINES) ? "" : "; ratios to " + String.join(" and ", baselines));
                })
                .toList();
    }

    /**
     * Each lock's ratios round by round, the lock's forks against the baseline's of the same round,
     * with their median, which the table above and the gate use; the baselines' own rows are left out.
     */
    private static void appendRoundRatios(StringBuilder md, List<Compared> rows) {
        List<String> baselines = Compared.RATIO_TARGETS;
        md.append("Ratios round by round (the lock's forks against the baseline's of the same round) and their median:\n\n")
                .append("| threads | lock |");
        baselines.forEach(b -> md.append(" vs ").append(b).append(" |"));
        md.append("\n|---:|---|").append("---|".repeat(baselines.size())).append('\n');
        rows.stream().filter(row -> !Exclusion.BASELINES.contains(row.measurement().lock()))
                .sorted(Comparator.comparingInt(row -> row.measurement().threads()))
                .forEach(row -> {
                    md.append("| ").append(row.measurement().threads()).append(" | ").append(row.measurement().lock()).append(" |");
                    baselines.forEach(b -> md.append(' ').append(row.to(b).perRound().isEmpty() ? "n/a" : row.to(b).describe())
                            .append(row.baselineMark()).append(" |"));
                    md.append('\n');
                });
        md.append('\n');
    }

    private static boolean hasRemoteHandoffs(List<Compared> rows) {
        return rows.stream().anyMatch(row -> !Double.isNaN(row.measurement().remoteHandoffFraction()));
    }

    private static String remoteHandoffsStem(BenchSpec bench) {
        return bench.id() + "-remote-handoffs";
    }

    /**
     * The remote hand-off fraction over threads, a line per lock that has one, on a linear scale
     * from 0; a dashed line at 0.5, where a lock that ignores nodes lands with two nodes equally busy.
     */
    static LineChart remoteHandoffsChartOf(BenchSpec bench, List<Compared> rows, int carriers) {
        Map<String, List<LineChart.Point>> byLock = new LinkedHashMap<>();
        TreeSet<Integer> threads = new TreeSet<>();
        for (Compared row : rows) {
            Measurement m = row.measurement();
            if (!Double.isNaN(m.remoteHandoffFraction())) {
                byLock.computeIfAbsent(m.lock(), lock -> new ArrayList<>())
                        .add(new LineChart.Point(m.threads(), m.remoteHandoffFraction()));
                threads.add(m.threads());
            }
        }
        List<LineChart.Series> series = new ArrayList<>();
        byLock.forEach((lock, points) -> series.add(new LineChart.Series(lock, points, false)));
        series.add(new LineChart.Series("0.5", threads.stream().map(n -> new LineChart.Point(n, 0.5)).toList(), true));
        return new LineChart(bench.title() + ": remote hand-offs", "virtual threads (" + carriers + " carriers)",
                ResultCsv.REMOTE_HANDOFF_FRACTION + " (lower is more local)", true, series);
    }

    /** Throughput (time per run for the text bench) over threads, a line per lock and a dashed ideal. */
    static LineChart chartOf(BenchSpec bench, List<Compared> rows, int carriers) {
        boolean text = bench.kind() == BenchKind.TEXT;
        Map<String, List<LineChart.Point>> byLock = new LinkedHashMap<>();
        Map<Integer, Double> ideal = new TreeMap<>();
        for (Compared row : rows) {
            Measurement m = row.measurement();
            if (m.lock().equals(TextStatisticsBenchmark.SEQUENTIAL)) {
                continue;
            }
            double y = text ? millisPerRun(bench, m.throughput()) : m.throughput();
            byLock.computeIfAbsent(m.lock(), lock -> new ArrayList<>()).add(new LineChart.Point(m.threads(), y));
            if (!Double.isNaN(m.ideal())) {
                ideal.put(m.threads(), text ? millisPerRun(bench, m.ideal()) : m.ideal());
            }
        }
        List<LineChart.Series> series = new ArrayList<>();
        byLock.forEach((lock, points) -> series.add(new LineChart.Series(lock, points, false)));
        if (!ideal.isEmpty()) {
            series.add(new LineChart.Series("ideal", ideal.entrySet().stream()
                    .map(e -> new LineChart.Point(e.getKey(), e.getValue())).toList(), true));
        }
        String x = bench.kind() == BenchKind.SWITCH ? "threads on one CPU (N)" : "virtual threads (" + carriers + " carriers)";
        String y = text ? "ms per count of the text (lower is better)" : bench.kind().unit() + " (higher is better)";
        return new LineChart(bench.title(), x, y, true, series);
    }

    private static double millisPerRun(BenchSpec bench, double linesPerSecond) {
        return 1000.0 * bench.work().workPerInvocation(1) / linesPerSecond;
    }

    private static final String READING = """
            ## How to read this

            - **Throughput** is work per second over the mean time of one invocation (JMH single-shot).
              **cv%** and **min..max** are the spread of the measured iterations, the run-to-run jitter
              that pinning may reduce (JMH's 99.9% confidence half-width, from a handful of iterations,
              is in `results.csv` as `error_pct`).
            - **Ratios** (`vs UNFAIR_REENTRANT`, `vs SYNCHRONIZED`) compare locks measured in this run at
              the same thread count; compare ratios across machines, never absolute numbers. Where a
              bench has rounds, a ratio is the median of the rounds' ratios, each the lock's forks
              against the baseline's forks of the same round (listed under the bench's table), while
              the throughputs pool every round's forks. A ratio marked with a variant's label, such as
              `1.57x (@c130)`, is to the baselines' variants of that label (`SYNCHRONIZED@c130`), which
              ran under the same condition as the row's lock (the bench's Variants lines).
            - **Ideal** is what the work alone would allow: for consumeCPU, the lower of one critical
              section at a time (inside tokens, plus the in-section yield) and all work spread over
              min(threads, carriers) carriers, from the unit costs above; for the text, the sequential
              count sped up by min(threads, carriers). **Efficiency** = measured / ideal. The
              short-section bench has none: its work takes a few nanoseconds, and what bounds it is
              the acquisition and hand-over it measures; compare its locks by their ratios.
            - The **switch** bench is the floor under every hand-off to a parked virtual thread: a lock
              whose hand-off costs a switch cannot pass the lock on faster than this rate.
            - **remote_handoff_fraction** (recorded only under a topology of two or more nodes): of the
              acquisitions, those whose holder took the lock on another NUMA node than the one the
              previous holder let it go on, by the node of the holder's carrier; near 0.5 with two equally busy nodes for a lock that
              ignores nodes, near 0 for one that keeps the lock on a node.
            - `results.csv` has every number here, one row per bench, lock and thread count; `jmh/`
              holds JMH's JSON and log per bench and lock.
            """;
}
