package org.numaloom.perf;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.bench.ConsumeCpuBenchmark;
import org.numaloom.perf.bench.ShortSectionBenchmark;
import org.numaloom.perf.bench.SwitchCostBenchmark;
import org.numaloom.perf.bench.TextStatisticsBenchmark;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.openjdk.jmh.annotations.Param;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class JmhRunTest {
    private static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 0));
    private static final BenchConfig QUICK = BenchConfig.read(Path.of("configs/quick.json"));
    private static final List<JmhRun> PLAN = JmhRun.plan(QUICK, Placement.plan("carriers", 0, CPUS), CPUS);

    @Test
    void calibrationFirstThenEachBenchsLocksAndVariantsInOrder() {
        assertEquals(List.of("calibration costs",
                        "high-contention NUMA_MCS", "high-contention CNA", "high-contention MCS", "high-contention HMCS",
                        "high-contention UNFAIR_REENTRANT", "high-contention FAIR_REENTRANT", "high-contention SYNCHRONIZED",
                        "low-contention NUMA_MCS", "low-contention CNA", "low-contention MCS", "low-contention HMCS",
                        "low-contention UNFAIR_REENTRANT", "low-contention FAIR_REENTRANT", "low-contention SYNCHRONIZED",
                        "short-critical-section NUMA_MCS", "short-critical-section CNA",
                        "short-critical-section UNFAIR_REENTRANT", "short-critical-section FAIR_REENTRANT",
                        "short-critical-section SYNCHRONIZED",
                        "text-statistics SEQUENTIAL", "text-statistics NUMA_MCS", "text-statistics CNA", "text-statistics MCS",
                        "text-statistics HMCS",
                        "text-statistics UNFAIR_REENTRANT", "text-statistics FAIR_REENTRANT",
                        "text-statistics SYNCHRONIZED", "text-statistics CONCURRENT_HASH_MAP",
                        "virtual-thread-switch-cost VIRTUAL", "virtual-thread-switch-cost PLATFORM"),
                PLAN.stream().map(run -> run.bench() + " " + run.variant()).toList());
    }

    /** Round 1 measures every lock, baselines last, then round 2 all of them again; references run once, outside. */
    @Test
    void roundsInterleaveEveryLockWithItsBaselines() {
        BenchConfig rounds = BenchConfig.parse("""
                {"benches": [
                  {"name": "shortSection", "payload": {"title": "Short", "threads": [2, 16], "rounds": 2,
                    "locks": [{"name": "NUMA_MCS"}, {"name": "CNA"}]}},
                  {"name": "text", "payload": {"title": "Text", "threads": [2], "rounds": 2, "locks": [{"name": "MCS"}]}}]}
                """, "rounds.json");
        List<JmhRun> plan = JmhRun.plan(rounds, Placement.plan("carriers", 0, CPUS), CPUS);
        assertEquals(List.of(
                        "short-numa_mcs-round1", "short-cna-round1", "short-unfair_reentrant-round1",
                        "short-fair_reentrant-round1", "short-synchronized-round1",
                        "short-numa_mcs-round2", "short-cna-round2", "short-unfair_reentrant-round2",
                        "short-fair_reentrant-round2", "short-synchronized-round2",
                        "text-sequential",
                        "text-mcs-round1", "text-unfair_reentrant-round1", "text-fair_reentrant-round1", "text-synchronized-round1",
                        "text-mcs-round2", "text-unfair_reentrant-round2", "text-fair_reentrant-round2", "text-synchronized-round2",
                        "text-concurrent_hash_map"),
                plan.stream().map(JmhRun::stem).toList());
        assertEquals("CNA (round 2 of 2)", plan.get(6).describe());
        assertArrayEquals(new String[] {"2", "16"}, plan.get(6).params().get("threads"), "each round runs every thread count");
        assertEquals("NUMA_MCS", PLAN.get(1).describe(), "one round: no round in names");
    }

    /** A variant runs in every round beside its lock; its forks measure that lock, with the variant's flags last. */
    @Test
    void aVariantRunsItsLockWithItsFlagsInEveryRound() {
        BenchConfig variants = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "rounds": 2,
                  "locks": [{"name": "NUMA_MCS"}, {"name": "NUMA_MCS", "variant": "nospin",
                    "jvmArgs": ["-Dnumaloom.leaderSpinNanos=0"]}, {"name": "FAIR_REENTRANT", "skip": true}]}}]}
                """, "variants.json");
        List<JmhRun> plan = JmhRun.plan(variants, Placement.plan("none", 0, CPUS), CPUS);
        assertEquals(List.of("short-numa_mcs-round1", "short-numa_mcs@nospin-round1", "short-unfair_reentrant-round1",
                        "short-synchronized-round1", "short-numa_mcs-round2", "short-numa_mcs@nospin-round2",
                        "short-unfair_reentrant-round2", "short-synchronized-round2"),
                plan.stream().map(JmhRun::stem).toList());
        JmhRun variant = plan.get(5);
        assertEquals("NUMA_MCS@nospin (round 2 of 2)", variant.describe());
        assertArrayEquals(new String[] {"NUMA_MCS"}, variant.params().get("lock"), "the fork measures the lock itself");
        List<String> flags = List.copyOf(variant.options(Path.of("jmh"), List.of("-Dfrom.the.command.line=1"))
                .getJvmArgsAppend().get());
        assertEquals(List.of("-Dfrom.the.command.line=1", "-Dnumaloom.leaderSpinNanos=0"), flags.subList(flags.size() - 2,
                flags.size()), "the variant's flags come last, so they win over the same property set before them");
        assertEquals(List.of(), plan.get(4).jvmArgs(), "the lock itself keeps its defaults");
        assertEquals(plan.get(4).options(Path.of("jmh"), List.of()).getJvmArgsAppend().get().size() + 1,
                variant.options(Path.of("jmh"), List.of()).getJvmArgsAppend().get().size());
    }

    /** JMH ignores a parameter the benchmark lacks, so a misspelt name would silently keep the annotation's default. */
    @Test
    void everyRunSetsExactlyItsBenchmarksParams() {
        for (JmhRun run : PLAN.subList(1, PLAN.size())) {
            Class<?> benchmark = switch (run.bench()) {
                case "short-critical-section" -> ShortSectionBenchmark.class;
                case "text-statistics" -> TextStatisticsBenchmark.class;
                case "virtual-thread-switch-cost" -> SwitchCostBenchmark.class;
                default -> ConsumeCpuBenchmark.class;
            };
            assertEquals(paramsOf(benchmark), run.params().keySet(), run.stem());
        }
    }

    @Test
    void theSwitchBenchRunsOnOneCarrierAndPlatformThreadsOnlyUpToTheirLimit() {
        JmhRun platform = PLAN.get(PLAN.size() - 1);
        assertEquals(List.of(List.of(0)), platform.placement().carrierCpus());
        assertArrayEquals(new String[] {"100", "1000", "10000"}, platform.params().get("threads"));
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1",
                "-Dnumaloom.perf.carrierCpus=0"), platform.placement().jvmArgs());
    }

    @Test
    void theSequentialTextReferenceRunsOnOneThread() {
        assertArrayEquals(new String[] {"1"}, run("text-statistics", "SEQUENTIAL").params().get("threads"));
        assertArrayEquals(new String[] {"2", "16"}, run("text-statistics", "NUMA_MCS").params().get("threads"));
    }

    private static JmhRun run(String bench, String variant) {
        return PLAN.stream().filter(run -> run.bench().equals(bench) && run.variant().equals(variant)).findFirst()
                .orElseThrow(() -> new AssertionError("no run of " + bench + " " + variant + " in the plan"));
    }

    @Test
    void throughputIsWorkOverTheTimeOfAnInvocation() {
        JmhRun high = PLAN.get(1);
        assertEquals(64_000 / 0.16, high.throughput(160, 8), 1e-6, "64000 actions in 160 ms");
        JmhRun virtualSwitch = PLAN.get(PLAN.size() - 2);
        assertEquals(100.0 * 20 / 0.01, virtualSwitch.throughput(10, 100), 1e-6, "100 threads x 20 yields in 10 ms");
        JmhRun shortSection = run("short-critical-section", "CNA");
        assertEquals(2_000_000 / 0.025, shortSection.throughput(25, 64), 1e-6, "2,000,000 acquisitions in 25 ms, at any thread count");
    }

    @Test
    void iterationsCountEveryInvocation() {
        assertEquals(3 * (5 + 5), PLAN.get(1).iterations(), "3 thread counts, 5 warm-up + 5 measured, 1 fork");
    }

    private static Set<String> paramsOf(Class<?> benchmark) {
        return Arrays.stream(benchmark.getFields())
                .filter(field -> field.isAnnotationPresent(Param.class))
                .map(Field::getName)
                .collect(Collectors.toSet());
    }
}
