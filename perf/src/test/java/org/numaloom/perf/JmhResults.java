package org.numaloom.perf;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.SingleShotResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * JMH results built as a fork of the short-section bench reports them (2 threads, 1,000
 * acquisitions per single shot), for tests of what the runner makes of them.
 */
final class JmhResults {
    static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 1));
    static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
              "threads": [2], "locks": [{"name": "MCS"}]}}]}""", "short.json");
    static final JmhRun RUN = JmhRun.plan(CONFIG, Placement.plan("carriers", 0, CPUS), CPUS).get(0);

    private JmhResults() {
    }

    /** One fork's iterations. */
    static BenchmarkResult fork(IterationResult... iterations) {
        return new BenchmarkResult(params(), List.of(iterations));
    }

    static RunResult run(IterationResult... iterations) {
        return runOfForks(fork(iterations));
    }

    /** A run of several forks. */
    static RunResult runOfForks(BenchmarkResult... forks) {
        return runOfForksAt(2, forks);
    }

    /** A run of several forks, its parameters saying {@code threads}. */
    static RunResult runOfForksAt(int threads, BenchmarkResult... forks) {
        return new RunResult(params(threads), List.of(forks));
    }

    /** One fork whose single shots took these milliseconds, in order. */
    static BenchmarkResult forkOfMillis(double... millis) {
        IterationResult[] iterations = new IterationResult[millis.length];
        for (int i = 0; i < millis.length; i++) {
            iterations[i] = iteration(Math.round(millis[i] * 1_000_000), 0, 1000);
        }
        return fork(iterations);
    }

    /** An iteration whose single shot took {@code nanos}, with the hand-off counters of the recorder. */
    static IterationResult iteration(long nanos, long remote, long acquisitions) {
        BenchmarkParams params = params();
        IterationResult iteration = new IterationResult(params, params.getMeasurement(), new IterationResultMetaData(0, 0));
        iteration.addResult(new SingleShotResult(ResultRole.PRIMARY, "run", nanos, TimeUnit.MILLISECONDS));
        iteration.addResult(new ScalarResult("acquisitions", acquisitions, "#", AggregationPolicy.SUM));
        iteration.addResult(new ScalarResult("remoteHandoffs", remote, "#", AggregationPolicy.SUM));
        return iteration;
    }

    private static BenchmarkParams params() {
        return params(2);
    }

    private static BenchmarkParams params(int threads) {
        WorkloadParams workload = new WorkloadParams();
        workload.put("threads", Integer.toString(threads), 0);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, 2, TimeValue.NONE, 1);
        return new BenchmarkParams("org.numaloom.perf.bench.ShortSectionBenchmark.run", "generated", false, 1,
                new int[] {1}, List.of(), 1, 0, new IterationParams(IterationType.WARMUP, 0, TimeValue.NONE, 1),
                measurement, Mode.SingleShotTime, workload, TimeUnit.MILLISECONDS, 1, "java", List.of(), "25", "vm", "25",
                "1.37", TimeValue.NONE);
    }
}
