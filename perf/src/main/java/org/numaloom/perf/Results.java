package org.numaloom.perf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

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
 * A lock measured in several rounds is one measurement: its throughput and spread over the forks of
 * all rounds, pooled as if they were the forks of one run, with each round's own throughput beside
 * it for the per-round ratios of {@link org.numaloom.perf.report.Compared}.
 */
final class Results {

    private Results() {
    }

    /** A run of the plan and what JMH returned for it. */
    record Executed(JmhRun run, Collection<RunResult> results) {
    }

    /**
     * One measurement per bench, variant and thread count: the variants in the order of their first
     * runs, each one's thread counts ascending.
     */
    static List<Measurement> of(List<Executed> executed, BenchConfig config) {
        Map<List<String>, List<Executed>> rounds = executed.stream().collect(Collectors.groupingBy(
                e -> List.of(e.run().bench(), e.run().variant()), LinkedHashMap::new, Collectors.toList()));
        List<Measurement> measured = new ArrayList<>();
        rounds.values().forEach(ofVariant -> measured.addAll(pooled(ofVariant, specOf(config, ofVariant.get(0).run().bench()))));
        return measured;
    }

    /**
     * A variant's rounds, one measurement per thread count, ascending. Its round throughputs have a
     * place for every round of the bench, NaN where the round's run failed, so that a ratio pairs
     * rounds by their number, not by their position among those that ran.
     */
    private static List<Measurement> pooled(List<Executed> rounds, BenchSpec spec) {
        JmhRun run = rounds.get(0).run();
        Map<Integer, Map<Integer, RunResult>> byThreads = new TreeMap<>();
        for (Executed round : rounds) {
            round.results().forEach(result -> byThreads.computeIfAbsent(threadsOf(result), n -> new TreeMap<>())
                    .put(round.run().round(), result));
        }
        List<Measurement> measured = new ArrayList<>();
        byThreads.forEach((threads, byRound) -> {
            List<RunResult> ofRounds = List.copyOf(byRound.values());
            RunResult all = new RunResult(ofRounds.get(0).getParams(),
                    ofRounds.stream().flatMap(r -> r.getBenchmarkResults().stream()).toList());
            List<Double> perRound = IntStream.rangeClosed(1, run.rounds())
                    .mapToObj(round -> byRound.containsKey(round)
                            ? run.throughput(byRound.get(round).getPrimaryResult().getScore(), threads) : Double.NaN)
                    .toList();
            measured.add(measurementOf(run, spec, all).withRounds(perRound));
        });
        return measured;
    }

    private static BenchSpec specOf(BenchConfig config, String bench) {
        return config.benches().stream().filter(spec -> spec.id().equals(bench)).findFirst().orElseThrow();
    }

    /** The thread count a JMH result was measured at. */
    static int threadsOf(RunResult result) {
        return Integer.parseInt(result.getParams().getParam("threads"));
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
            result.add(switch (specOf(config, m.bench()).work()) {
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
        int threads = threadsOf(result);
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
