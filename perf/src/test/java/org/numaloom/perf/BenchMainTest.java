package org.numaloom.perf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.numaloom.perf.report.Compared;
import org.numaloom.perf.report.Measurement;
import org.numaloom.perf.report.ResultCsv;
import org.numaloom.perf.report.Spread;
import org.openjdk.jmh.runner.BenchmarkException;
import org.openjdk.jmh.runner.RunnerException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a run leaves on disk when describing it, or one of its JMH runs, fails. */
class BenchMainTest {
    private static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 0));
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [{"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
              "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2], "locks": [{"name": "MCS"}]}}]}""", "mem.json");
    private static final TimeLimit NO_LIMIT = new TimeLimit(Optional.empty(), System::nanoTime);
    private static final BenchMain.Unmeasured EVERY_BENCH_MEASURED = new BenchMain.Unmeasured(Set.of(), Set.of());
    /** The short section, MCS and the two JDK locks, in two rounds: six JMH runs. */
    private static final BenchConfig TWO_ROUNDS_OF_MCS = BenchConfig.parse("""
            {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
              "threads": [2], "rounds": 2, "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""",
            "rounds.json");

    @Test
    void theMeasurementsAreOnDiskBeforeAnythingThatDescribesThemCanFail(@TempDir Path out) throws Exception {
        BenchMain bench = new BenchMain(CONFIG, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        // A placement.log that cannot be read stands for anything that fails in describing the run.
        Files.createDirectories(out.resolve("placement.log"));
        List<Measurement> measured = List.of(Measurement.of("high", "MCS", 2, 400_000, "actions/s", 2, Spread.of(1, 2, 3)));

        assertThrows(IOException.class, () -> bench.publish(measured, null, "20261124-120000", new String[0], List.of(), List.of("Warm-up: not judged"), EVERY_BENCH_MEASURED));

        assertEquals(ResultCsv.render(Compared.compare(measured)), Files.readString(out.resolve("results.csv")));
    }

    /**
     * A variant compared with the baselines' variants of its label keeps that pairing when one of
     * them fails: no ratio to it, rather than a ratio to the uncharged baseline.
     */
    @Test
    void aVariantWhoseLabelledBaselineFailedHasNoRatioToItRatherThanOneToThePlainBaseline(@TempDir Path out)
            throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS", "variant": "c1", "jvmArgs": ["-Dc=1"]},
                    {"name": "UNFAIR_REENTRANT", "variant": "c1", "jvmArgs": ["-Dc=1"]},
                    {"name": "SYNCHRONIZED", "variant": "c1", "jvmArgs": ["-Dc=1"]}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""",
                "labelled.json");
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);

        BenchMain.Outcome outcome = bench.measure(JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS), run -> {
            if (run.variant().equals("UNFAIR_REENTRANT@c1")) {
                throw new RunnerException("Benchmark caught the exception");
            }
            return List.of(JmhResults.run(JmhResults.iteration(run.variant().equals("SYNCHRONIZED@c1") ? 2_000_000 : 1_000_000,
                    0, 1000)));
        }, NO_LIMIT, "20261127-120000", new String[0]);

        Compared mcs = outcome.rows().stream().filter(row -> row.measurement().lock().equals("MCS@c1")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(mcs.vsUnfairReentrant()), "a ratio to the plain UNFAIR_REENTRANT: " + mcs.vsUnfairReentrant());
        assertEquals(2.0, mcs.vsSynchronized(), 1e-9, "to SYNCHRONIZED@c1, not to SYNCHRONIZED (1.0)");
    }

    /**
     * The load that other work put on the machine is taken around each run and the report names the
     * run that met it: here one CPU's worth during the second run, none during the others.
     */
    @Test
    void theReportNamesARunThatOtherWorkLoadedTheMachineDuring(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""", "short.json");
        AtomicInteger samples = new AtomicInteger();
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out,
                () -> {
                    int i = samples.getAndIncrement(); // a second each; the machine busy for 100 ticks, none of them ours,
                    return new MachineLoad.Sample(i >= 3 ? 100 : 0, 0, i * 1_000_000_000L, 2); // between samples 2 and 3
                });
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);

        bench.measure(plan, run -> List.of(JmhResults.run(JmhResults.iteration(1_000_000, 0, 1000))), NO_LIMIT, "20261127-120000",
                new String[0]);

        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("- Other work on the machine (busy CPU time not spent by this run's JVMs, steal included,"
                + " averaged over each JMH run) on its 2 CPUs: 1.00 CPUs during " + plan.get(1).name() + "; the ratios of"
                + " these runs' rounds may show that load rather than the locks: rerun on a quiet machine\n"), report);
        assertEquals(2 * plan.size(), samples.get(), "a sample before and after each run");
    }

    /**
     * The machine's pace is probed before the first run and after each, a failed one too, and the
     * report names the runs next to a slow probe: here the one between the second run, which fails,
     * and the third.
     */
    @Test
    void theReportNamesTheRunsNextToWhichTheMachineRanSlow(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""", "short.json");
        double[] probes = {50, 51, 100, 50}; // before the first of the three runs, and after each
        AtomicInteger probed = new AtomicInteger();
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out,
                MachineLoad::now, () -> probes[probed.getAndIncrement()]);
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);

        bench.measure(plan, run -> {
            if (run.equals(plan.get(1))) {
                throw new RunnerException("Benchmark caught the exception");
            }
            return List.of(JmhResults.run(JmhResults.iteration(1_000_000, 0, 1000)));
        }, NO_LIMIT, "20261128-120000", new String[0]);

        assertEquals(plan.size() + 1, probed.get(), "a probe before the first run and after each");
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains(": median 50.5 ms, 50.0 to 100.0; the machine ran slow (a probe 1.5x the median or more) next to "
                + plan.get(1).name() + " (51.0, 100.0 ms), " + plan.get(2).name() + " (100.0, 50.0 ms); "), report);
    }

    /**
     * With {@code --time-limit 10} and runs of 3 s each, the fourth run would end at 12 s: it and the
     * rest are not started, and the first round, which every lock finished, is published with the
     * report saying what the limit left out.
     */
    @Test
    void aTimeLimitStartsNoRunThatWouldEndPastItAndPublishesWhatRan(@TempDir Path out) throws Exception {
        BenchConfig config = TWO_ROUNDS_OF_MCS;
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);
        assertEquals(6, plan.size(), "MCS and the two JDK locks, twice: " + plan);
        long[] clock = {0};
        List<JmhRun> ran = new ArrayList<>();

        BenchMain.Outcome outcome = bench.measure(plan, run -> {
            ran.add(run);
            clock[0] += 3_000_000_000L;
            return List.of(JmhResults.run(JmhResults.iteration(1_000_000, 0, 1000)));
        }, new TimeLimit(Optional.of(Duration.ofSeconds(10)), () -> clock[0]), "20261129-120000", new String[0]);

        assertEquals(plan.subList(0, 3).stream().map(JmhRun::name).toList(), ran.stream().map(JmhRun::name).toList(),
                "runs started at 0, 3 and 6 s; at 9 s the next would end at 12");
        assertEquals(3, outcome.rows().size(), "a row per lock of the round every lock finished: " + outcome.rows());
        assertTrue(outcome.failures().isEmpty(), "runs the limit left out are not failures: " + outcome.failures());
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("Time limit (--time-limit 10): 3 of 6 JMH runs not started, from " + plan.get(3).name()
                + " on; each ratio uses the rounds in which its lock and its baseline both ran"), report);
        assertEquals(ResultCsv.render(outcome.rows()), Files.readString(out.resolve("results.csv")), "the measured rows on disk");
    }

    /**
     * A bench without rows says why under its title: its runs failed, the time limit left them out,
     * or both (here every run takes a second of the limit's clock, and every run of MCS fails).
     */
    @Test
    void aBenchWithoutRowsSaysWhetherItsRunsFailedOrWereLeftOut(@TempDir Path out) throws Exception {
        String failed = "not measured: its JMH runs failed (listed at the end)";
        String leftOut = "not measured: --time-limit left out its JMH runs, or all but too few rounds of them (see its line at the end)";
        String both = "not measured: some of its JMH runs failed (listed at the end), and --time-limit left the others out";

        String firstFails = printedUnder(out.resolve("a"), run -> run.bench().equals("short"), Optional.empty());
        assertEquals(1, count(firstFails, failed), firstFails);
        assertEquals(0, count(firstFails, leftOut) + count(firstFails, both), firstFails);

        String secondLeftOut = printedUnder(out.resolve("b"), run -> false, Optional.of(Duration.ofMillis(3_500)));
        assertEquals(1, count(secondLeftOut, leftOut), secondLeftOut);
        assertEquals(0, count(secondLeftOut, failed) + count(secondLeftOut, both), secondLeftOut);

        String mcsFailsThenLeftOut = printedUnder(out.resolve("c"), run -> run.variant().equals("MCS"), Optional.of(Duration.ofSeconds(4)));
        assertEquals(1, count(mcsFailsThenLeftOut, both), mcsFailsThenLeftOut);
        assertEquals(0, count(mcsFailsThenLeftOut, failed) + count(mcsFailsThenLeftOut, leftOut), mcsFailsThenLeftOut);
    }

    /**
     * What {@link BenchMain#measure} prints for two short-section benches, "short" then "longer"
     * (MCS and the two JDK locks each), every run a second long on the limit's clock, those that
     * {@code fails} accepts throwing.
     */
    private static String printedUnder(Path out, Predicate<JmhRun> fails, Optional<Duration> limit)
            throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}},
                 {"name": "shortSection", "payload": {"title": "Longer", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""", "two.json");
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);
        long[] clock = {0};
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8)); // BenchMain prints to the System.out it is built with
        try {
            Files.createDirectories(out);
            BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
            bench.measure(plan, run -> {
                clock[0] += 1_000_000_000L;
                if (fails.test(run)) {
                    throw new RunnerException(run.name() + " broke");
                }
                return List.of(JmhResults.run(JmhResults.iteration(1_000_000, 0, 1000)));
            }, new TimeLimit(limit, () -> clock[0]), "20261130-120000", new String[0]);
        } finally {
            System.setOut(stdout);
        }
        return console.toString(StandardCharsets.UTF_8);
    }

    private static int count(String text, String line) {
        return text.split(Pattern.quote(line), -1).length - 1;
    }

    /** The forks of MCS began slow and the baselines' did not: report.md and the console name MCS's cell alone. */
    @Test
    void theReportNamesALockThatWasStillWarmingUp(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}""", "short.json");
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8)); // BenchMain prints to the System.out it is built with
        try {
            BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
            bench.measure(plan, run -> List.of(run.variant().equals("MCS")
                    ? JmhResults.runOfForks(JmhResults.forkOfMillis(2.0, 1.0, 1.0))
                    : JmhResults.runOfForks(JmhResults.forkOfMillis(1.0, 1.0, 1.0))), NO_LIMIT, "20261128-120000", new String[0]);
        } finally {
            System.setOut(stdout);
        }

        String line = "Warm-up (a fork's first measured iteration 1.2x slower than each of its others, or more): in most"
                + " forks of short MCS at 2 threads (1 of 1); these began slower than they went on";
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("- " + line), report);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("\n" + line), console.toString(StandardCharsets.UTF_8));
    }

    /** A lock (here a variant whose flag stops its forks: the stand-in executor fails it) costs its own rows, not the run's. */
    @Test
    void aFailedRunIsReportedAndTheOthersAreStillMeasuredAndWritten(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
                  "threads": [2], "locks": [{"name": "MCS"}, {"name": "MCS", "variant": "broken",
                    "jvmArgs": ["-Dstands.for.a.flag.that.stops.the.forks"]}]}}]}""", "broken.json");
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);
        List<String> executed = new ArrayList<>();

        BenchMain.Outcome outcome = bench.measure(plan, run -> {
            executed.add(run.variant());
            if (run.variant().equals("MCS@broken")) {
                throw new RunnerException("Benchmark caught the exception");
            }
            return List.of(JmhResults.run(JmhResults.iteration(1_000_000, 0, 1000)));
        }, NO_LIMIT, "20261127-120000", new String[0]);

        assertEquals(List.of("MCS", "MCS@broken", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED"), executed,
                "the runs after the failed one still ran");
        assertEquals(List.of("short MCS@broken: Benchmark caught the exception (JMH's output: "
                + out.resolve("jmh").resolve("short-mcs@broken.log") + ")"), outcome.failures());
        String csv = Files.readString(out.resolve("results.csv"));
        for (String lock : List.of("MCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "SYNCHRONIZED")) {
            assertTrue(csv.contains("\nshort," + lock + ",2,"), "results.csv lacks " + lock + ":\n" + csv);
        }
        assertFalse(csv.contains("MCS@broken"), csv);
        assertEquals(1.0, outcome.rows().get(0).vsUnfairReentrant(), 1e-9, "MCS keeps its ratios");
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## Runs that failed\n\n1 JMH run failed: what a run would have measured is missing from"
                + " the tables, the charts and results.csv, and the ratios leave out the rounds it was in.\n\n- " + outcome.failures().get(0)
                + "\n"), "report.md does not list the failed run:\n" + report);
    }

    /**
     * Ratios pair rounds by their number: with the lock's round 1 and the baseline's round 2 failed,
     * the lock has no round to compare with that baseline. Paired by position among the rounds that
     * ran, the lock's round 2 would be divided by the baseline's round 1.
     */
    @Test
    void aFailedRoundLeavesNoRatioMadeOfTwoDifferentRounds(@TempDir Path out) throws Exception {
        BenchConfig config = TWO_ROUNDS_OF_MCS;
        BenchMain bench = new BenchMain(config, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        List<JmhRun> plan = JmhRun.plan(config, Placement.plan("none", 2, CPUS), CPUS);

        BenchMain.Outcome outcome = bench.measure(plan, run -> {
            if (run.variant().equals("MCS") && run.round() == 1 || run.variant().equals("UNFAIR_REENTRANT") && run.round() == 2) {
                throw new RunnerException("Benchmark caught the exception");
            }
            // each round's forks twice as fast as the round before, so that mixing rounds shows
            return List.of(JmhResults.run(JmhResults.iteration(1_000_000 / run.round(), 0, 1000)));
        }, NO_LIMIT, "20261127-120000", new String[0]);

        Compared mcs = outcome.rows().stream().filter(row -> row.measurement().lock().equals("MCS")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(mcs.vsUnfairReentrant()), "MCS ran in round 2 only, UNFAIR_REENTRANT in round 1 only: "
                + mcs.to("UNFAIR_REENTRANT").describe());
        assertEquals(1.0, mcs.vsSynchronized(), 1e-9, "round 2 against round 2");
        assertEquals("1.00 (median of failed, 1.00)", mcs.to("SYNCHRONIZED").describe());
    }

    /** JMH says only that the benchmark "caught the exception"; the console names the exception. */
    @Test
    void aFailureSaysWhichExceptionTheBenchmarkThrew() {
        IllegalArgumentException thrown = new IllegalArgumentException("handOffBound must be >= 1, got 0");
        assertEquals("Benchmark caught the exception: " + thrown,
                BenchMain.whatFailed(new RunnerException("Benchmark caught the exception",
                        new BenchmarkException("Benchmark error", List.of(thrown)))));
        assertEquals("no result", BenchMain.whatFailed(new RunnerException("no result")));
    }

    /**
     * With every run failed there is nothing to tabulate, but report.md still says what failed and
     * where JMH's output is, and results.csv has its header alone; a failed calibration says what its
     * loss costs the tables.
     */
    @Test
    void aRunWhoseEveryBenchmarkFailedWritesNoTablesButSaysWhatFailed(@TempDir Path out) throws Exception {
        BenchMain bench = new BenchMain(CONFIG, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        List<JmhRun> plan = JmhRun.plan(CONFIG, Placement.plan("none", 2, CPUS), CPUS);

        BenchMain.Outcome outcome = bench.measure(plan, run -> {
            throw new RunnerException("no JVM");
        }, NO_LIMIT, "20261127-120000", new String[0]);

        assertEquals(plan.size(), outcome.failures().size());
        assertEquals(List.of(), outcome.rows());
        assertEquals(ResultCsv.HEADER + "\n", Files.readString(out.resolve("results.csv")));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## Runs that failed\n\n" + plan.size() + " JMH runs failed"), report);
        outcome.failures().forEach(failure -> assertTrue(report.contains("- " + failure + "\n"), report));
        assertFalse(report.contains("no JMH run ended"), "the load is taken around failed runs too:\n" + report);
        assertTrue(outcome.failures().get(0).startsWith("calibration ") && outcome.failures().get(0).endsWith(
                "; without the unit costs it measures, the tables have no ideal and no efficiency"), outcome.failures().get(0));
    }

    /** The report lists the flags every fork got, from the same list the forks are given: the topology is among them. */
    @Test
    void theForksGetTheTopologyAndTheRemoteCostAndTheReportSaysSo(@TempDir Path out) throws Exception {
        BenchMain bench = new BenchMain(CONFIG, Locality.of(Optional.of("2 nodes x 1 cpus"), 130),
                Placement.plan("none", 2, CPUS), CPUS, out);
        List<Measurement> measured = List.of(Measurement.of("high", "MCS", 2, 400_000, "actions/s", 2, Spread.of(1, 2, 3))
                .withRemoteHandoffFraction(0.25));

        bench.publish(measured, null, "20261124-120000", new String[0], List.of(), List.of("Warm-up: not judged"), EVERY_BENCH_MEASURED);

        String report = Files.readString(out.resolve("report.md"));
        for (String expected : List.of("-Dnumaloom.topology=2 nodes x 1 cpus -Dnumaloom.perf.remoteCostNanos=130`",
                "Topology (the runner's and every fork's): Topology[2 cpus, 2 nodes", "- Remote hand-offs: recorded",
                "- Modelled remote cost: 130 ns")) {
            assertTrue(report.contains(expected), "report.md lacks: " + expected + "\n" + report);
        }
        assertTrue(Files.readString(out.resolve("results.csv")).contains(",0.2500,\n"), "the fraction, then an empty ratio_baseline_label");
    }

    /**
     * The output directory is made before anything is measured, and a bad one is a usage error
     * that says what is wrong: a file in the way, a parent that is a file, an earlier run there.
     * Before, a file in the way ended the run in a {@code FileSystemException}'s stack trace with
     * exit status 1 (which means "a benchmark failed"), and a second run into the same directory
     * overwrote the first's results and counted its forks' placement log as its own.
     */
    @Test
    void aBadOutputDirectoryIsRefusedBeforeAnythingIsMeasured(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("new/run");
        assertEquals(fresh, BenchMain.outputDirectory(Optional.of(fresh), "20261201-120000"));
        assertTrue(Files.isDirectory(fresh.resolve("jmh")), "the run's jmh/ was not made");

        Path file = Files.writeString(dir.resolve("a-file"), "");
        assertEquals("--out " + file + ": exists and is not a directory; name a directory (it is created if missing)",
                refusal(file));
        assertTrue(refusal(file.resolve("run")).startsWith("--out " + file.resolve("run") + ": cannot be created ("),
                refusal(file.resolve("run")));

        for (String earlier : List.of(BenchMain.CONFIG_FILE, BenchMain.RESULTS_FILE, "placement.log")) {
            Path used = Files.createDirectories(dir.resolve("used-" + earlier));
            Files.writeString(used.resolve(earlier), "");
            assertEquals("--out " + used + ": holds an earlier run (" + earlier
                    + "), which this one would overwrite; name a new directory, or move that run away", refusal(used));
        }
    }

    private static String refusal(Path out) {
        return assertThrows(IllegalArgumentException.class, () -> BenchMain.outputDirectory(Optional.of(out), "20261201-120000"))
                .getMessage();
    }
}
