package org.numaloom.perf;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.numaloom.perf.report.Measurement;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's JMH results, built as a fork reports them, read into measurements: throughput and the hand-off counters. */
class ResultsFromJmhTest {
    private static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 1));
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [{"name": "shortSection", "payload": {"title": "Short", "acquisitionsCount": 1000,
              "threads": [2], "locks": [{"name": "MCS"}]}}]}""", "short.json");
    private static final JmhRun RUN = JmhRun.plan(CONFIG, Placement.plan("carriers", 0, CPUS), CPUS).get(0);

    /** Two iterations of 1,000 acquisitions in 1 ms each; 100 and 300 of them remote: 400 of 2,000. */
    @Test
    void theHandoffCountersOfEveryIterationBecomeTheFraction() {
        Measurement m = measured(iteration(100, 1000), iteration(300, 1000));
        assertEquals(1e6, m.throughput(), 1e-3, "1,000 acquisitions a millisecond");
        assertEquals(0.2, m.remoteHandoffFraction(), 1e-12);
    }

    @Test
    void nothingRecordedNoFraction() {
        assertTrue(Double.isNaN(measured(iteration(0, 0), iteration(0, 0)).remoteHandoffFraction()));
    }

    private static Measurement measured(IterationResult... iterations) {
        BenchmarkParams params = params();
        RunResult result = new RunResult(params, List.of(new BenchmarkResult(params, List.of(iterations))));
        return Results.of(RUN, CONFIG.benches().get(0), List.of(result)).get(0);
    }

    private static IterationResult iteration(long remote, long acquisitions) {
        BenchmarkParams params = params();
        IterationResult iteration = new IterationResult(params, params.getMeasurement(), new IterationResultMetaData(0, 0));
        iteration.addResult(new SingleShotResult(ResultRole.PRIMARY, "run", TimeUnit.MILLISECONDS.toNanos(1),
                TimeUnit.MILLISECONDS));
        iteration.addResult(new ScalarResult("acquisitions", acquisitions, "#", AggregationPolicy.SUM));
        iteration.addResult(new ScalarResult("remoteHandoffs", remote, "#", AggregationPolicy.SUM));
        return iteration;
    }

    private static BenchmarkParams params() {
        WorkloadParams workload = new WorkloadParams();
        workload.put("threads", "2", 0);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, 2, TimeValue.NONE, 1);
        return new BenchmarkParams("org.numaloom.perf.bench.ShortSectionBenchmark.run", "generated", false, 1,
                new int[] {1}, List.of(), 1, 0, new IterationParams(IterationType.WARMUP, 0, TimeValue.NONE, 1),
                measurement, Mode.SingleShotTime, workload, TimeUnit.MILLISECONDS, 1, "java", List.of(), "25", "vm", "25",
                "1.37", TimeValue.NONE);
    }
}
