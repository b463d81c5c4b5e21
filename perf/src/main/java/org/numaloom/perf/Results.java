package org.numaloom.perf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.numaloom.perf.bench.Handoffs;
import org.numaloom.perf.bench.TextStatisticsBenchmark;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchSpec;
import org.numaloom.perf.config.Work;
import org.numaloom.perf.report.Ideal;
import org.numaloom.perf.report.Measurement;
import org.numaloom.perf.report.Spread;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * From JMH's results to {@link Measurement}s: single-shot times become throughputs (work per
 * invocation over seconds per invocation), the spread is taken over the per-iteration throughputs of
 * all forks, and the ideals follow from the calibrated unit costs and the sequential text count.
 */
final class Results {

    private Results() {
    }

    /** One measurement per thread count of a bench's run, ascending. */
    static List<Measurement> of(JmhRun run, BenchSpec spec, Collection<RunResult> results) {
        return results.stream()
                .map(result -> measurementOf(run, spec, result))
                .sorted(Comparator.comparingInt(Measurement::threads))
                .toList();
    }

    /** The calibration run's unit costs, in nanoseconds. */
    static Ideal.UnitCosts unitCosts(Collection<RunResult> calibration) {
        return new Ideal.UnitCosts(scoreOf(calibration, "consumeCpuToken"), scoreOf(calibration, "virtualThreadYield"));
    }

    /**
     * The measurements with their ideals: consumeCPU benches from the unit costs (if measured), the
     * text benches from their sequential reference; the reference itself, the switch bench and the
     * short-section bench have none (see {@link Ideal} for why the last has none).
     */
    static List<Measurement> withIdeals(List<Measurement> measured, BenchConfig config, Ideal.UnitCosts costs,
                                        int carriers) {
        List<Measurement> result = new ArrayList<>();
        for (Measurement m : measured) {
            BenchSpec spec = config.benches().stream().filter(s -> s.id().equals(m.bench())).findFirst().orElseThrow();
            result.add(switch (spec.work()) {
                case Work.ConsumeCpu work when costs != null ->
                        m.withIdeal(Ideal.consumeCpu(work, costs, m.threads(), carriers));
                case Work.Text text when !m.lock().equals(TextStatisticsBenchmark.SEQUENTIAL) ->
                        m.withIdeal(sequentialOf(measured, m.bench())
                                .map(seq -> Ideal.text(seq.throughput(), m.threads(), carriers)).orElse(Double.NaN));
                case Work.ShortSection noIdeal -> m; // the lock's own cost is all it measures; see Ideal
                default -> m;
            });
        }
        return result;
    }

    private static Optional<Measurement> sequentialOf(List<Measurement> measured, String bench) {
        return measured.stream()
                .filter(m -> m.bench().equals(bench) && m.lock().equals(TextStatisticsBenchmark.SEQUENTIAL))
                .findFirst();
    }

    private static Measurement measurementOf(JmhRun run, BenchSpec spec, RunResult result) {
        int threads = Integer.parseInt(result.getParams().getParam("threads"));
        Result<?> score = result.getPrimaryResult();
        double[] perIteration = result.getBenchmarkResults().stream()
                .flatMapToDouble(fork -> run.iterationThroughputs(fork, threads)).toArray();
        Measurement m = Measurement.of(run.bench(), run.variant(), threads, run.throughput(score.getScore(), threads),
                spec.kind().unit(), 100 * score.getScoreError() / score.getScore(),
                Spread.of(perIteration));
        Map<String, Result> secondary = result.getSecondaryResults();
        Measurement withMemory = secondary.containsKey("residentBytesPerThread")
                ? m.withMemory(secondary.get("residentBytesPerThread").getScore(), secondary.get("heapBytesPerThread").getScore())
                : m;
        return withMemory.withRemoteHandoffFraction(remoteHandoffFraction(secondary));
    }

    /**
     * Remote hand-offs over acquisitions, from the forks' {@code HandoffCounts}; NaN where none were recorded (no
     * such results, or none counted: one node, or a variant without exclusion).
     */
    static double remoteHandoffFraction(Map<String, Result> secondary) {
        Result acquisitions = secondary.get(Handoffs.ACQUISITIONS_RESULT);
        Result remote = secondary.get(Handoffs.REMOTE_HANDOFFS_RESULT);
        if (acquisitions == null || remote == null || !(acquisitions.getScore() > 0)) {
            return Double.NaN;
        }
        return remote.getScore() / acquisitions.getScore();
    }

    private static double scoreOf(Collection<RunResult> results, String method) {
        return results.stream()
                .filter(r -> r.getParams().getBenchmark().endsWith("." + method))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the calibration did not measure " + method))
                .getPrimaryResult().getScore();
    }
}
