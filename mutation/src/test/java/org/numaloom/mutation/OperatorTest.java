package org.numaloom.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.numaloom.mutation.sample.Sample;
import org.numaloom.mutation.sample.SampleSynchronizer;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Each operator, applied to {@link Sample}, changes what the mutated method does in the way the
 * operator's name says, and the mutated class still loads and verifies. The original is checked
 * beside each mutant, so a test cannot pass on an operator that changed nothing.
 */
class OperatorTest {
    @TempDir
    Path root;

    @Test
    void aBoundOffByOneLetsTheBoundItself() throws Exception {
        Object mutant = mutantOf(Operator.BOUND_OFF_BY_ONE, "below");
        assertFalse(new Sample().below(8, 8));
        assertTrue((boolean) call(mutant, "below", 8, 8), "8 < 8 became 8 <= 8");
        assertTrue((boolean) call(mutant, "below", 7, 8));
    }

    @Test
    void aRemovedInterruptCheckAnswersFalseAndLeavesTheStatusSet() throws Exception {
        Object mutant = mutantOf(Operator.INTERRUPT_CHECK_REMOVED, "interrupted");
        Thread.currentThread().interrupt();
        try {
            assertFalse((boolean) call(mutant, "interrupted"));
            assertTrue(Thread.currentThread().isInterrupted(), "the mutant consumed the interrupt");
        } finally {
            Thread.interrupted();
        }
        Thread.currentThread().interrupt();
        assertTrue(new Sample().interrupted());
    }

    @Test
    void aVolatileFieldMadePlainLosesItsModifier() throws Exception {
        Object mutant = mutantAt(Operator.PLAIN_FIELD, "flag");
        assertTrue(Modifier.isVolatile(Sample.class.getField("flag").getModifiers()));
        assertFalse(Modifier.isVolatile(mutant.getClass().getField("flag").getModifiers()));
    }

    @Test
    void anOrderedVarHandleStoreMadePlainStillStores() throws Exception {
        Object mutant = mutantOf(Operator.PLAIN_VARHANDLE_ACCESS, "setRelease");
        call(mutant, "setRelease", 42);
        assertEquals(42, call(mutant, "value"));
    }

    @Test
    void aCheckThenSetAnswersLikeACompareAndSetAlone() throws Exception {
        Object mutant = mutantOf(Operator.CAS_AS_CHECK_THEN_SET, "compareAndSet");
        assertTrue((boolean) call(mutant, "compareAndSet", 0, 5));
        assertFalse((boolean) call(mutant, "compareAndSet", 0, 6));
        assertEquals(5, call(mutant, "value"));
        Object swapped = mutantOf(Operator.CAS_AS_CHECK_THEN_SET, "getAndSet");
        assertEquals(0, call(swapped, "getAndSet", 3));
        assertEquals(3, call(swapped, "getAndSet", 4));
    }

    /**
     * {@code compareAndSet(this, expected, null)} and {@code compareAndSet(this, null, update)}: javac
     * types a null literal as {@code Void} in the call's descriptor, and a stand-in that read the
     * field as {@code Void} threw ClassCastException instead of losing a race (seen from
     * McsQueue.successorOrEmpty's mutant, null as the new value, and from LeaderLock.acquire's claim
     * of the spinning arrival, null as the expected value, which so was reported killed by a test
     * whose thread died of the cast): it must read the field as an Object.
     */
    @ParameterizedTest
    @ValueSource(strings = {"clearOwner", "claimOwner"})
    void aCheckThenSetWithANullLiteralReadsTheFieldAsAnObject(String method) throws Exception {
        Mutator mutator = new Mutator("SAMPLE", Sample.class);
        Mutant mutant = mutator.mutants(List.of(Operator.CAS_AS_CHECK_THEN_SET)).stream()
                .filter(m -> m.site().member().equals(method)).findFirst().orElseThrow();
        Path directory = mutator.write(mutant, root);
        byte[] written = Files.readAllBytes(directory.resolve(Sample.class.getName().replace('.', '/') + ".class"));
        List<String> reads = LockClasses.parse(written).methods.stream()
                .filter(helper -> helper.name.startsWith("numaloom$nonAtomic"))
                .flatMap(helper -> Arrays.stream(helper.instructions.toArray()))
                .filter(instruction -> instruction instanceof MethodInsnNode call && call.name.equals("get"))
                .map(instruction -> ((MethodInsnNode) instruction).desc).toList();
        assertEquals(List.of("(Lorg/numaloom/mutation/sample/Sample;)Ljava/lang/Object;"), reads);
        Object loaded = load(directory).getConstructor().newInstance();
        Thread other = new Thread(() -> { });
        if (method.equals("clearOwner")) {
            assertFalse((boolean) call(loaded, "clearOwner", other));
            assertTrue((boolean) call(loaded, "clearOwner", Thread.currentThread()));
            assertFalse((boolean) call(loaded, "clearOwner", Thread.currentThread()));
        } else {
            assertFalse((boolean) call(loaded, "claimOwner", other), "a claim of a field that is not null");
            assertTrue((boolean) call(loaded, "clearOwner", Thread.currentThread()));
            assertTrue((boolean) call(loaded, "claimOwner", other), "a claim of the null field");
        }
    }

    /** A lock built on AbstractQueuedSynchronizer, as a user's may be, has its compare-and-set too. */
    @Test
    void aSynchronizersStateCompareAndSetBecomesACheckThenSet() throws Exception {
        Mutator mutator = new Mutator("SAMPLE", SampleSynchronizer.class);
        List<Mutant> mutants = mutator.mutants(List.of(Operator.CAS_AS_CHECK_THEN_SET));
        assertEquals(List.of("claim"), mutants.stream().map(m -> m.site().member()).toList());
        Object mutant = load(mutator.write(mutants.get(0), root), SampleSynchronizer.class).getConstructor().newInstance();
        assertTrue((boolean) call(mutant, "claim", 0, 5));
        assertFalse((boolean) call(mutant, "claim", 0, 6));
        assertEquals(5, call(mutant, "state"));
    }

    /** The mistake itself: two threads incrementing through the check-then-set lose updates. */
    @Test
    void aCheckThenSetLosesUpdatesUnderContention() throws Exception {
        Object mutant = mutantOf(Operator.CAS_AS_CHECK_THEN_SET, "compareAndSet");
        int perThread = 20_000;
        for (int attempt = 0; attempt < 20; attempt++) {
            Object counter = mutant.getClass().getConstructor().newInstance();
            List<Thread> threads = List.of(
                    Thread.ofPlatform().start(() -> callUnchecked(counter, "increment", perThread)),
                    Thread.ofPlatform().start(() -> callUnchecked(counter, "increment", perThread)));
            for (Thread thread : threads) {
                thread.join();
            }
            if ((int) call(counter, "value") < 2 * perThread) {
                return;
            }
        }
        throw new AssertionError("20 rounds of two threads lost no increment through the check-then-set");
    }

    @Test
    void aRemovedUnparkLeavesThePermitUnset() throws Exception {
        Object mutant = mutantOf(Operator.UNPARK_REMOVED, "wake");
        Thread parker = Thread.ofPlatform().unstarted(() -> java.util.concurrent.locks.LockSupport.park(this));
        parker.start();
        call(new Sample(), "wake", parker);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> parker.join(), "the original's unpark did not wake");
        Thread stuck = Thread.ofPlatform().unstarted(() -> java.util.concurrent.locks.LockSupport.park(this));
        stuck.start();
        while (stuck.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        call(mutant, "wake", stuck);
        stuck.join(200);
        assertTrue(stuck.isAlive(), "the mutant's wake() still woke the parked thread");
        java.util.concurrent.locks.LockSupport.unpark(stuck);
        stuck.join();
    }

    @Test
    void aRemovedParkReturnsWithoutAPermit() throws Exception {
        Object mutant = mutantOf(Operator.PARK_AS_SPIN, "park");
        Thread.interrupted();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> call(mutant, "park"),
                "the mutant's park() blocked: the park is still there");
    }

    @Test
    void everySiteIsListedOncePerMethodInOrder() throws Exception {
        var node = LockClasses.parse(LockClasses.bytesOf(Sample.class.getClassLoader(),
                Sample.class.getName().replace('.', '/')));
        assertEquals(List.of("compareAndSet", "clearOwner", "claimOwner", "getAndSet"),
                Operator.CAS_AS_CHECK_THEN_SET.sites(node).stream().map(Operator.Site::member).toList());
        assertEquals(List.of("flag", "value"), Operator.PLAIN_FIELD.sites(node).stream().map(Operator.Site::member).toList());
        assertEquals(1, Operator.UNPARK_REMOVED.sites(node).size());
    }

    @Test
    void theCanaryThrowsFromEveryConstructor() throws Exception {
        Path canary = new Mutator("SAMPLE", Sample.class).writeCanary(root);
        Class<?> loaded = load(canary);
        InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
                () -> loaded.getConstructor().newInstance());
        assertEquals(Mutator.CANARY_MESSAGE, thrown.getCause().getMessage());
        new Sample(); // the original is untouched
    }

    /** A new instance of Sample with the operator applied at its only site in the method. */
    private Object mutantOf(Operator operator, String method) throws Exception {
        return mutantAt(operator, method);
    }

    private Object mutantAt(Operator operator, String member) throws Exception {
        Mutator mutator = new Mutator("SAMPLE", Sample.class);
        Mutant mutant = mutator.mutants(List.of(operator)).stream()
                .filter(m -> m.site().member().equals(member)).findFirst()
                .orElseThrow(() -> new AssertionError(operator + " has no site in " + member));
        return load(mutator.write(mutant, root)).getConstructor().newInstance();
    }

    /** Loads Sample from the mutant's directory alone, not from the test class path. */
    private static Class<?> load(Path directory) throws Exception {
        return load(directory, Sample.class);
    }

    private static Class<?> load(Path directory, Class<?> sample) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {directory.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Class<?> loaded = loader.loadClass(sample.getName());
        assertTrue(loaded.getClassLoader() == loader, sample.getSimpleName() + " came from elsewhere than the mutant");
        return loaded;
    }

    private static Object call(Object target, String name, Object... arguments) throws Exception {
        for (Method method : target.getClass().getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == arguments.length) {
                try {
                    return method.invoke(target, arguments);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception cause ? cause : new RuntimeException(e.getCause());
                }
            }
        }
        throw new NoSuchMethodException(name);
    }

    private static void callUnchecked(Object target, String name, Object... arguments) {
        try {
            call(target, name, arguments);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
