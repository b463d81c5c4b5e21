package org.numaloom.perf.placement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

import org.numaloom.locks.placement.CpuLocator;

/**
 * Applies a {@link Placement} inside a benchmark fork, and checks that it held.
 *
 * <p>A carrier cannot be named from outside, so it is pinned from inside: with parallelism and
 * {@code maxPoolSize} both {@code P}, {@code P} virtual threads are started and each spins until all
 * have arrived. A spinning thread never unmounts, so all {@code P} can only arrive once each holds a
 * carrier of its own; then the {@code i}-th to arrive pins the carrier it runs on to carrier
 * {@code i}'s CPUs ({@code pthread_setaffinity_np} on {@code pthread_self}). Each reads the mask
 * back and asks the kernel which CPU it is on.
 *
 * <p>The check is repeated at the end of the trial, the same way: a carrier that the scheduler
 * retired and replaced while idle would have lost its pinning, and the results would be mislabelled.
 * Both checks are appended to the file named by the fork property {@value Placement#LOG_PROPERTY},
 * one line per carrier, which the runner summarizes in the report:
 * {@code pinned|end <pid> <carrier> planned=<cpus> actual=<cpus> cpu=<n> run=<run>}, the run being
 * the benchmark and its parameters ({@link #runLabel}), so that the report can say which figure a
 * carrier that did not hold may have mislabelled.
 */
public final class CarrierPinning {
    /** How the log writes an empty CPU list: a carrier with no plan. */
    static final String NO_CPUS = "-";
    /** How long the carriers may take to be all occupied; past it, there are fewer than P of them. */
    private static final long OCCUPY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The CPUs each carrier was pinned to, by carrier name; null until pinned. Guarded by the class. */
    private static Map<String, List<Integer>> pinned;

    private CarrierPinning() {
    }

    /**
     * Pins the carriers as the fork's flags say, once per JVM; does nothing without them.
     *
     * @param run the fork's run, for the log ({@link #runLabel})
     */
    public static synchronized void pinOnce(String run) {
        List<List<Integer>> plan = Placement.carrierCpusOf(System.getProperty(Placement.CARRIER_CPUS_PROPERTY));
        if (plan == null || pinned != null) {
            return;
        }
        Map<String, List<Integer>> byCarrier = new LinkedHashMap<>();
        for (CarrierState state : onEveryCarrier(plan.size(), index -> {
            Affinity.pinCurrentThread(plan.get(index));
            return CarrierState.current(plan.get(index));
        })) {
            byCarrier.put(state.carrier(), state.planned());
            log("pinned", state, run);
        }
        pinned = byCarrier;
    }

    /**
     * Pins the calling platform thread to the first carrier's CPUs, so that platform threads can be
     * measured on the same CPU as a one-carrier scheduler; does nothing in a fork that does not pin.
     */
    public static void pinLikeFirstCarrier() {
        List<List<Integer>> plan = Placement.carrierCpusOf(System.getProperty(Placement.CARRIER_CPUS_PROPERTY));
        if (plan != null) {
            Affinity.pinCurrentThread(plan.get(0));
        }
    }

    /** Reads every carrier's affinity again and logs it beside what was planned for that carrier. */
    public static synchronized void checkStillPinned(String run) {
        if (pinned == null) {
            return;
        }
        for (CarrierState state : onEveryCarrier(pinned.size(), index -> {
            CarrierState now = CarrierState.current(List.of());
            return new CarrierState(now.carrier(), pinned.getOrDefault(now.carrier(), List.of()), now.actual(), now.cpu());
        })) {
            log("end", state, run);
        }
    }

    /** What one carrier was meant to and does run on. */
    record CarrierState(String carrier, List<Integer> planned, List<Integer> actual, int cpu) {
        static CarrierState current(List<Integer> planned) {
            return new CarrierState(carrierName(), planned, Affinity.currentThreadCpus(), CpuLocator.currentCpuUncached());
        }
    }

    /**
     * Runs {@code action} once on each of {@code carriers} carriers at the same time, passing the
     * order of arrival, and returns the results in that order.
     */
    private static CarrierState[] onEveryCarrier(int carriers, IntFunction<CarrierState> action) {
        AtomicInteger arrived = new AtomicInteger();
        CarrierState[] results = new CarrierState[carriers];
        RuntimeException[] failure = new RuntimeException[1];
        CountDownLatch done = new CountDownLatch(carriers);
        long deadline = System.nanoTime() + OCCUPY_TIMEOUT_NANOS;
        for (int i = 0; i < carriers; i++) {
            Thread.ofVirtual().name("pin-carrier-", i).start(() -> {
                try {
                    int index = arrived.getAndIncrement();
                    while (arrived.get() < carriers) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException("only " + arrived.get() + " of " + carriers
                                    + " carriers could be occupied at once; is jdk.virtualThreadScheduler.parallelism lower?");
                        }
                        Thread.onSpinWait();
                    }
                    results[index] = action.apply(index);
                } catch (RuntimeException e) {
                    failure[0] = e;
                } finally {
                    done.countDown();
                }
            });
        }
        awaitUninterruptibly(done);
        if (failure[0] != null) {
            throw new IllegalStateException("pinning carriers failed: " + failure[0].getMessage(), failure[0]);
        }
        return results;
    }

    private static void awaitUninterruptibly(CountDownLatch done) {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code ForkJoinPool-1-worker-1} from a mounted virtual thread's {@code VirtualThread[#30]/runnable@ForkJoinPool-1-worker-1}. */
    private static String carrierName() {
        String description = Thread.currentThread().toString();
        return description.substring(description.indexOf('@') + 1);
    }

    /**
     * A run as the log names it, one word: the benchmark's class and method and its parameters in
     * their order, {@code SwitchCostBenchmark.run(lock=PLATFORM,threads=10000)}.
     *
     * @param benchmark the benchmark's fully qualified method, as JMH names it
     */
    public static String runLabel(String benchmark, Map<String, String> params) {
        int method = benchmark.lastIndexOf('.');
        String classAndMethod = benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1);
        String label = classAndMethod + params.entrySet().stream()
                .map(param -> param.getKey() + "=" + param.getValue())
                .collect(Collectors.joining(",", "(", ")"));
        return label.replaceAll("\\s", "_");
    }

    private static void log(String event, CarrierState state, String run) {
        String file = System.getProperty(Placement.LOG_PROPERTY);
        if (file == null) {
            return;
        }
        String line = String.join(" ", event, String.valueOf(ProcessHandle.current().pid()), state.carrier(),
                "planned=" + join(state.planned()), "actual=" + join(state.actual()), "cpu=" + state.cpu(),
                "run=" + run) + "\n";
        try {
            Files.writeString(Path.of(file), line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException("cannot append the pinning check to " + file, e);
        }
    }

    private static String join(List<Integer> cpus) {
        return cpus.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse(NO_CPUS);
    }
}
