import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Compares locks of two or more builds of the kit on one benchmark, with their invocations
 * interleaved in one JVM: a probe for a change to a lock, where a JMH run per build, or per lock,
 * cannot see a few percent on a host whose speed drifts.
 *
 * <p>Why: on the 2-core Intel host, a single-threaded loop timed every 0.2 s took between 130 and
 * 259 ms over 8 s (2026-11-30), and JMH forks of one lock scored 150 to 390 ms per invocation of
 * the text statistics, in two modes that switched within a fork. A ratio between two forks then
 * measures the host. Here each variant (a build's {@code benchmarks.jar} and a lock name) is
 * loaded by a class loader of its own, and the variants run one after the other, in reverse order
 * every other round, so that neighbours share the host's state; each runs two invocations and the
 * second is timed, the first settling the carriers after the switch. The ratio of each variant to
 * the last one is taken per round, and its median and quartiles over the rounds after the first
 * third (warm-up) are printed.
 *
 * <p>Run, from the repository root, with the flags the benchmarks need:
 * <pre>
 * java --enable-native-access=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
 *      -Djdk.virtualThreadScheduler.parallelism=2 perf/probes/InterleavedBuilds.java \
 *      ShortSectionBenchmark 16 150 new:perf/target/benchmarks.jar:NUMA_MCS old:/tmp/old/benchmarks.jar:NUMA_MCS
 * </pre>
 * Benchmarks: {@code ShortSectionBenchmark}, {@code TextStatisticsBenchmark} and
 * {@code ConsumeCpuBenchmark} (the high-contention setting), each with its JMH parameters at their
 * first declared values (as a plain JMH run) but for the lock and the thread count; the short
 * section and high contention get a new lock before every invocation, since with one lock per JVM
 * where the lock lands in memory set the result of a whole run. The lock may be any name the
 * benchmark accepts, {@code SYNCHRONIZED} included.
 */
public final class InterleavedBuilds {
    private static final List<String> BENCHMARKS = List.of("ShortSectionBenchmark", "TextStatisticsBenchmark",
            "ConsumeCpuBenchmark");

    /** One lock of one build, set up as the benchmark's trial setup would. */
    private record Variant(String name, Object benchmark, Method invocation, Object[] states, Method before,
            Method after) {
        /** Runs two invocations and times the second: the first after a switch of variant settles the carriers. */
        double timeSecondOfTwoInvocationsMillis() throws ReflectiveOperationException {
            invoke();
            return invoke();
        }

        private double invoke() throws ReflectiveOperationException {
            if (before != null) {
                before.invoke(benchmark);
            }
            long start = System.nanoTime();
            invocation.invoke(benchmark, states);
            double millis = (System.nanoTime() - start) / 1e6;
            if (after != null) {
                after.invoke(benchmark);
            }
            return millis;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5 || !BENCHMARKS.contains(args[0])) {
            throw new IllegalArgumentException("usage: BENCHMARK THREADS ROUNDS NAME:JAR:LOCK NAME:JAR:LOCK..., with"
                    + " BENCHMARK one of " + BENCHMARKS + "; the last variant is the reference of the ratios");
        }
        String benchmark = args[0];
        int threads = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        List<Variant> variants = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            variants.add(load(benchmark, threads, args[i]));
        }
        double[][] millis = new double[variants.size()][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < variants.size(); k++) {
                int v = round % 2 == 0 ? k : variants.size() - 1 - k;
                millis[v][round] = variants.get(v).timeSecondOfTwoInvocationsMillis();
            }
        }
        int reference = variants.size() - 1;
        for (int v = 0; v < variants.size(); v++) {
            List<Double> speeds = new ArrayList<>();
            List<Double> times = new ArrayList<>();
            for (int round = rounds / 3; round < rounds; round++) {
                speeds.add(millis[reference][round] / millis[v][round]);
                times.add(millis[v][round]);
            }
            Collections.sort(speeds);
            Collections.sort(times);
            System.out.printf("%-12s speed vs %s: median %.3f (quartiles %.3f-%.3f) over %d rounds; median time %.1f ms%n",
                    variants.get(v).name(), variants.get(reference).name(), quantile(speeds, 0.5),
                    quantile(speeds, 0.25), quantile(speeds, 0.75), speeds.size(), quantile(times, 0.5));
        }
    }

    private static double quantile(List<Double> sorted, double q) {
        return sorted.get((int) (q * (sorted.size() - 1)));
    }

    private static Variant load(String benchmark, int threads, String spec) throws Exception {
        String[] parts = spec.split(":");
        if (parts.length != 3 || !Files.isRegularFile(Path.of(parts[1]))) {
            throw new IllegalArgumentException("a variant is NAME:JAR:LOCK with JAR a benchmarks.jar that exists, got '"
                    + spec + "'");
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(parts[1]).toUri().toURL()},
                ClassLoader.getPlatformClassLoader());
        String bench = "org.numaloom.perf.bench.";
        Class<?> type = loader.loadClass(bench + benchmark);
        Object instance = type.getConstructor().newInstance();
        setParamsToTheirDefaults(loader, type, instance);
        type.getField("lock").set(instance, parts[2]);
        type.getField("threads").setInt(instance, threads);
        Method before;
        Method after = null;
        if (benchmark.equals("TextStatisticsBenchmark")) {
            type.getMethod("generateText").invoke(instance);
            before = type.getMethod("emptyCounts");
            after = type.getMethod("requireExactCounts");
        } else {
            before = type.getMethod("createExclusion"); // a new lock for every invocation (see above)
        }
        Class<?> carriers = loader.loadClass(bench + "PinnedCarriers");
        Class<?> handoffCounts = loader.loadClass(bench + "HandoffCounts");
        Method invocation = type.getMethod(benchmark.equals("TextStatisticsBenchmark") ? "count" : "run", carriers,
                handoffCounts);
        Object[] states = {carriers.getConstructor().newInstance(), handoffCounts.getConstructor().newInstance()};
        return new Variant(parts[0], instance, invocation, states, before, after);
    }

    /** Sets every JMH parameter of the benchmark to the first of its declared values, as a plain JMH run does. */
    @SuppressWarnings("unchecked")
    private static void setParamsToTheirDefaults(ClassLoader loader, Class<?> type, Object instance) throws Exception {
        Class<? extends Annotation> param = (Class<? extends Annotation>) loader.loadClass("org.openjdk.jmh.annotations.Param");
        Method values = param.getMethod("value");
        for (Field field : type.getFields()) {
            Annotation declared = field.getAnnotation(param);
            if (declared == null) {
                continue;
            }
            String first = ((String[]) values.invoke(declared))[0];
            Class<?> kind = field.getType();
            field.set(instance, kind == int.class ? Integer.valueOf(first) : kind == long.class ? Long.valueOf(first)
                    : kind == boolean.class ? Boolean.valueOf(first) : first);
        }
    }
}
