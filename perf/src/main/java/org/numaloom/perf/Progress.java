package org.numaloom.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.numaloom.perf.report.Spread;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * JMH's output for one run, sent in full to that run's log file, with a progress line on the console
 * each time a thread count is done: which bench, lock and thread count, its score, how far the whole
 * plan is, and an estimate of the time left.
 *
 * <p>The estimate charges each remaining iteration what an iteration of the same bench has cost so
 * far (fork start-up included), or the average of all benches before that bench has started: the
 * low-contention bench's invocations take about thirty times the high-contention ones', so one
 * average for all would be far off.
 */
final class Progress implements OutputFormat {
    private final PrintStream console;
    private final int plannedIterations;
    private final long startNanos = System.nanoTime();
    private final Map<String, double[]> secondsAndIterationsByBench = new HashMap<>();
    private final List<JmhRun> plan;

    private OutputFormat log;
    private JmhRun current;
    private int finishedRuns;
    private int doneIterations;
    private int doneInCurrentRun;
    private long lastNanos = startNanos;

    Progress(PrintStream console, List<JmhRun> plan) {
        this.console = console;
        this.plan = plan;
        this.plannedIterations = plan.stream().mapToInt(JmhRun::iterations).sum();
    }

    /** Starts logging a run to {@code log}; closes the previous run's log. */
    void begin(JmhRun run, PrintStream logFile) {
        if (log != null) {
            log.close();
        }
        log = OutputFormatFactory.createFormatInstance(logFile, VerboseMode.NORMAL);
        current = run;
        doneInCurrentRun = 0;
        console.printf(Locale.ROOT, "%s: %s, threads %s%n", run.bench(), run.describe(), String.join(",", run.params()
                .getOrDefault("threads", new String[] {"-"})));
    }

    /** Ends the current run. */
    void end() {
        finishedRuns++;
        if (log != null) {
            log.close();
            log = null;
        }
    }

    @Override
    public void iterationResult(BenchmarkParams benchmark, IterationParams iteration, int index, IterationResult data) {
        long now = System.nanoTime();
        double[] spent = secondsAndIterationsByBench.computeIfAbsent(current.bench(), b -> new double[2]);
        spent[0] += (now - lastNanos) / 1e9;
        spent[1]++;
        lastNanos = now;
        doneIterations++;
        doneInCurrentRun++;
        log.iterationResult(benchmark, iteration, index, data);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        log.endBenchmark(result);
        if (result == null) {
            return;
        }
        Result<?> score = result.getPrimaryResult();
        String threads = result.getParams().getParam("threads");
        console.printf(Locale.ROOT, "  [%3d%%] %s %s %s: %s   elapsed %s, about %s left%n",
                100 * doneIterations / Math.max(1, plannedIterations), current.bench(), current.describe(),
                threads == null ? result.getParams().getBenchmark().replaceAll(".*\\.", "") : "threads=" + threads,
                threads == null ? String.format(Locale.ROOT, "%,.1f %s", score.getScore(), score.getScoreUnit())
                        : throughput(result, Integer.parseInt(threads)),
                format(Duration.ofNanos(System.nanoTime() - startNanos)), format(timeLeft()));
    }

    /**
     * The fork's throughput (work per second, from its single-shot times) and how much its
     * iterations varied: their range and coefficient of variation, as the tables show it. JMH's own
     * error, a 99.9% confidence interval from a handful of samples, printed as "±387%", read as noise.
     */
    static String throughput(JmhRun run, BenchmarkResult result, int threads) {
        Spread spread = Spread.of(run.iterationThroughputs(result, threads).toArray());
        String unit = run.work().kind().unit();
        String score = String.format(Locale.ROOT, "%,.0f %s", run.throughput(result.getPrimaryResult().getScore(), threads), unit);
        return Double.isNaN(spread.cvPercent()) ? score
                : String.format(Locale.ROOT, "%s (%,.0f..%,.0f, cv %.0f%%)", score, spread.min(), spread.max(), spread.cvPercent());
    }

    private String throughput(BenchmarkResult result, int threads) {
        return throughput(current, result, threads);
    }

    private Duration timeLeft() {
        double total = secondsAndIterationsByBench.values().stream().mapToDouble(s -> s[0]).sum();
        double perIteration = doneIterations == 0 ? 0 : total / doneIterations;
        double left = 0;
        for (int i = finishedRuns; i < plan.size(); i++) {
            JmhRun run = plan.get(i);
            double[] spent = secondsAndIterationsByBench.get(run.bench());
            double cost = spent == null ? perIteration : spent[0] / spent[1];
            left += cost * (run.iterations() - (i == finishedRuns ? doneInCurrentRun : 0));
        }
        return Duration.ofMillis((long) (1000 * Math.max(0, left)));
    }

    static String format(Duration d) {
        return d.toHours() > 0 ? String.format(Locale.ROOT, "%dh%02dm", d.toHours(), d.toMinutesPart())
                : String.format(Locale.ROOT, "%dm%02ds", d.toMinutes(), d.toSecondsPart());
    }

    @Override
    public void iteration(BenchmarkParams benchmark, IterationParams iteration, int index) {
        log.iteration(benchmark, iteration, index);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchmark) {
        log.startBenchmark(benchmark);
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> results) {
        log.endRun(results);
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        log.println(s);
    }

    @Override
    public void flush() {
        log.flush();
    }

    @Override
    public void close() {
        log.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }
}
