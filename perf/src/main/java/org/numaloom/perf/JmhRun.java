package org.numaloom.perf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

import org.numaloom.perf.bench.ConsumeCpuBenchmark;
import org.numaloom.perf.bench.CostCalibrationBenchmark;
import org.numaloom.perf.bench.JvmFlags;
import org.numaloom.perf.bench.ShortSectionBenchmark;
import org.numaloom.perf.bench.SwitchCostBenchmark;
import org.numaloom.perf.bench.TextStatisticsBenchmark;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchKind;
import org.numaloom.perf.config.BenchSpec;
import org.numaloom.perf.config.Work;
import org.numaloom.perf.placement.Placement;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * One JMH run of the runner: one bench and one lock (or variant), all its thread counts. Keeping
 * runs this small lets progress be shown between them and a failure be pinned to one lock; JMH
 * still forks a fresh JVM for every thread count, as it does for every parameter combination.
 *
 * <p>{@link #plan} turns a config into runs, in order: the unit-cost calibration first when a
 * consumeCPU bench needs it, then per bench its {@linkplain BenchSpec#rounds rounds}, each a run of
 * every lock in config order (the baselines last), so that a lock and its baselines are measured
 * close together in time once per round; the text bench's sequential reference before its rounds and
 * its lock-free {@code ConcurrentHashMap} after them; the switch bench's virtual threads, then
 * platform threads up to its limit.
 *
 * @param bench    the bench's id ({@value #CALIBRATION} for the calibration)
 * @param work     the bench's work, which turns a time per invocation into a throughput; null for
 *                 the calibration
 * @param variant  the lock (or a variant of one, {@code NUMA_MCS@nospin}), or the variant of a bench
 *                 without locks
 * @param params   every {@code @Param} of the benchmark, so that none silently keeps its annotation default
 * @param jvmArgs  a lock variant's extra flags for the forks, after the kit's own; empty otherwise
 * @param variants the values of the parameter {@code threads} (or 2 methods for the calibration):
 *                 the number of benchmarks JMH runs
 * @param round    which of the bench's rounds this run belongs to, from 1
 * @param rounds   the bench's {@linkplain BenchSpec#rounds rounds}; 1 for a run outside them (the
 *                 calibration, the text bench's references, the switch bench)
 */
record JmhRun(String bench, Work work, String variant, String include, Map<String, String[]> params, List<String> jvmArgs,
              Placement placement, TimeUnit unit, int variants, int warmupIterations, int measurementIterations, int forks,
              int round, int rounds) {
    static final String CALIBRATION = "calibration";

    /** Invocations (single-shot) or iterations (calibration) JMH will run, for progress. */
    int iterations() {
        return variants * forks * (warmupIterations + measurementIterations);
    }

    /** Work per second, from a single-shot score (time per invocation in {@link #unit}) at that thread count. */
    double throughput(double score, int threads) {
        return work.workPerInvocation(threads) / (score / unit.convert(1, TimeUnit.SECONDS));
    }

    /** The throughput of each measured iteration of one fork, as {@link #throughput} makes it of the score. */
    DoubleStream iterationThroughputs(BenchmarkResult fork, int threads) {
        return fork.getIterationResults().stream()
                .mapToDouble(iteration -> throughput(iteration.getPrimaryResult().getScore(), threads));
    }

    /** Stem of this run's files: {@code high-contention-numa_mcs}, and {@code -round2} after it where the bench has rounds. */
    String stem() {
        return bench + "-" + variant.toLowerCase(Locale.ROOT) + (rounds > 1 ? "-round" + round : "");
    }

    /** The bench, the variant and the round: {@code high-contention NUMA_MCS (round 2 of 3)}. */
    String name() {
        return bench + " " + describe();
    }

    /** The variant, and the round where the bench has rounds: {@code NUMA_MCS (round 2 of 3)}. */
    String describe() {
        return variant + (rounds > 1 ? " (round " + round + " of " + rounds + ")" : "");
    }

    /** The flags a fork gets for a placement, besides those it inherits from this JVM. */
    static List<String> forkFlags(Placement placement) {
        List<String> flags = new ArrayList<>(JvmFlags.LIBRARY);
        flags.addAll(placement.jvmArgs());
        return flags;
    }

    Options options(Path jmhDirectory, List<String> extraJvmArgs) {
        List<String> jvmArgs = forkFlags(placement);
        jvmArgs.addAll(extraJvmArgs);
        jvmArgs.addAll(this.jvmArgs);
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(include)
                .warmupIterations(warmupIterations)
                .measurementIterations(measurementIterations)
                .forks(forks)
                .timeUnit(unit)
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(jmhDirectory.resolve(stem() + ".json").toString());
        params.forEach(options::param);
        return options.build();
    }

    /** The runs of a config, in order. */
    static List<JmhRun> plan(BenchConfig config, Placement placement, List<Placement.HostCpu> cpus) {
        List<JmhRun> runs = new ArrayList<>();
        if (config.benches().stream().anyMatch(spec -> spec.kind() == BenchKind.CONSUME_CPU)) {
            runs.add(new JmhRun(CALIBRATION, null, "costs", methodsOf(CostCalibrationBenchmark.class), Map.of(), List.of(), placement,
                    TimeUnit.NANOSECONDS, 2, 3, 5, 1, 1, 1));
        }
        for (BenchSpec spec : config.benches()) {
            switch (spec.kind()) {
                case CONSUME_CPU -> runs.addAll(ofEachLock(spec, ConsumeCpuBenchmark.class, placement));
                case SHORT_SECTION -> runs.addAll(ofEachLock(spec, ShortSectionBenchmark.class, placement));
                case TEXT -> {
                    runs.add(once(spec, TextStatisticsBenchmark.SEQUENTIAL, TextStatisticsBenchmark.class, "lock",
                            List.of(1), placement));
                    runs.addAll(ofEachLock(spec, TextStatisticsBenchmark.class, placement));
                    runs.add(once(spec, TextStatisticsBenchmark.LOCK_FREE, TextStatisticsBenchmark.class, "lock",
                            spec.threads(), placement));
                }
                case SWITCH -> {
                    Placement oneCpu = placement.onOneCpu(cpus);
                    runs.add(once(spec, SwitchCostBenchmark.VIRTUAL, SwitchCostBenchmark.class, "kind", spec.threads(), oneCpu));
                    int upTo = ((Work.Switch) spec.work()).platformThreadsUpTo();
                    List<Integer> platform = spec.threads().stream().filter(n -> n <= upTo).toList();
                    if (!platform.isEmpty()) {
                        runs.add(once(spec, SwitchCostBenchmark.PLATFORM, SwitchCostBenchmark.class, "kind", platform, oneCpu));
                    }
                }
            }
        }
        return List.copyOf(runs);
    }

    /**
     * Per round, a run of each lock of the spec in its order, each over all the spec's thread counts:
     * round 1 measures every lock, then round 2 every lock again, and so on.
     */
    private static List<JmhRun> ofEachLock(BenchSpec spec, Class<?> benchmark, Placement placement) {
        return IntStream.rangeClosed(1, spec.rounds()).boxed()
                .flatMap(round -> spec.locks().stream()
                        .map(lock -> ofSpec(spec, lock, spec.jvmArgsOf(lock), benchmark, "lock", spec.threads(), placement,
                                round, spec.rounds())))
                .toList();
    }

    /** A run outside the rounds: a reference or a variant that is no lock, measured once. */
    private static JmhRun once(BenchSpec spec, String variant, Class<?> benchmark, String variantParam,
                               List<Integer> threads, Placement placement) {
        return ofSpec(spec, variant, List.of(), benchmark, variantParam, threads, placement, 1, 1);
    }

    /** A run of one variant; a lock variant's forks measure its lock ({@link BenchSpec#lockOf}) with its flags. */
    private static JmhRun ofSpec(BenchSpec spec, String variant, List<String> jvmArgs, Class<?> benchmark,
                                 String variantParam, List<Integer> threads, Placement placement, int round, int rounds) {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put(variantParam, new String[] {variantParam.equals("lock") ? BenchSpec.lockOf(variant) : variant});
        params.put("threads", threads.stream().map(String::valueOf).toArray(String[]::new));
        spec.work().jmhParams().forEach((name, value) -> params.put(name, new String[] {value}));
        return new JmhRun(spec.id(), spec.work(), variant, methodsOf(benchmark), params, jvmArgs, placement, TimeUnit.MILLISECONDS,
                threads.size(), spec.warmupIterations(), spec.measurementIterations(), spec.forks(), round, rounds);
    }

    private static String methodsOf(Class<?> benchmark) {
        return "^" + Pattern.quote(benchmark.getName()) + "\\.";
    }
}
