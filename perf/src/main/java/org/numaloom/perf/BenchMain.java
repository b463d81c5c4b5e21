package org.numaloom.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code numaloom bench}: runs {@link ConsumeCpuBenchmark} for each requested setting and lock
 * through JMH, and reports throughput beside the {@link ComparedThroughput#BASELINES baselines}.
 *
 * <p>Each setting and lock is one JMH run, covering all thread counts, so progress can be shown
 * between runs; JMH's own output goes to {@code jmh-<setting>-<lock>.log} and its results to
 * {@code jmh-<setting>-<lock>.json} in the output directory. At the end a table per setting is
 * printed and {@code results.csv} written there.
 *
 * <p>The JMH forks get their JVM flags from {@link ConsumeCpuBenchmark}'s {@code @Fork}, and run
 * the JVM that runs this class. Exit status: 0 done, 1 a benchmark failed, 2 bad arguments.
 */
public final class BenchMain {
    /** The unit JMH is asked to report single-shot times in. */
    private static final TimeUnit SCORE_UNIT = TimeUnit.MILLISECONDS;
    private static final DateTimeFormatter RUN_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private final BenchArgs args;
    private final Path out;
    private final PrintStream console = System.out;

    private BenchMain(BenchArgs args, Path out) {
        this.args = args;
        this.out = out;
    }

    public static void main(String[] commandLine) throws IOException {
        BenchArgs args;
        try {
            args = BenchArgs.parse(commandLine);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            System.err.println(BenchArgs.SYNOPSIS);
            System.exit(2);
            return;
        }
        if (args.help()) {
            System.out.print(BenchArgs.usage());
            return;
        }
        Path out = args.out().orElseGet(() -> Path.of("results", LocalDateTime.now().format(RUN_STAMP)));
        Files.createDirectories(out);
        try {
            new BenchMain(args, out).run();
        } catch (RunnerException e) {
            System.err.println("bench: a benchmark failed: " + e.getMessage() + "; JMH's output is in " + out);
            System.exit(1);
        }
    }

    private void run() throws RunnerException, IOException {
        List<Throughput> measured = new ArrayList<>();
        int runs = args.settings().size() * args.locks().size();
        int started = 0;
        for (Setting setting : args.settings()) {
            for (String lock : args.locks()) {
                console.printf("[%d/%d] %s contention, %s, threads %s%n", ++started, runs, setting.label(), lock,
                        args.threads());
                List<Throughput> run = measure(setting, lock);
                run.forEach(this::printProgress);
                measured.addAll(run);
            }
        }
        report(ComparedThroughput.compare(measured));
    }

    private List<Throughput> measure(Setting setting, String lock) throws RunnerException {
        String stem = "jmh-" + setting.label() + "-" + lock;
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(Pattern.quote(ConsumeCpuBenchmark.class.getName()) + "\\.")
                .warmupIterations(args.warmupIterations())
                .measurementIterations(args.measurementIterations())
                .forks(1)
                .timeUnit(SCORE_UNIT)
                .shouldFailOnError(true)
                .output(out.resolve(stem + ".log").toString())
                .resultFormat(ResultFormatType.JSON)
                .result(out.resolve(stem + ".json").toString());
        setting.benchmarkParams(lock, args.threads()).forEach(options::param);
        Collection<RunResult> results = new Runner(options.build()).run();
        return results.stream()
                .map(result -> throughputOf(setting, result))
                .sorted(Comparator.comparingInt(Throughput::threads))
                .toList();
    }

    private static Throughput throughputOf(Setting setting, RunResult result) {
        Result<?> score = result.getPrimaryResult();
        double unitsPerSecond = SCORE_UNIT.convert(1, TimeUnit.SECONDS);
        return Throughput.ofInvocationTime(setting, result.getParams().getParam("lock"),
                Integer.parseInt(result.getParams().getParam("threads")),
                score.getScore() / unitsPerSecond, score.getScoreError() / unitsPerSecond);
    }

    private void printProgress(Throughput t) {
        console.printf(Locale.ROOT, "      threads %3d: %,12.0f actions/s  ±%.1f%%%n", t.threads(), t.actionsPerSecond(),
                t.errorPercent());
    }

    private void report(List<ComparedThroughput> compared) throws IOException {
        for (Setting setting : args.settings()) {
            console.println();
            console.print(ResultTable.render(setting, compared));
        }
        Path csv = out.resolve("results.csv");
        Files.writeString(csv, ResultCsv.render(compared));
        console.println();
        console.println("results: " + csv + "; JMH's logs and JSON: " + out.resolve("jmh-*"));
    }
}
