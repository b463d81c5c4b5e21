package org.numaloom.locks.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.locks.CnaLock;
import org.numaloom.locks.McsLock;
import org.numaloom.locks.NumaMcsLock;

class LockRegistryTest {
    @Test
    void listsTheBuiltInLocksFirstThenPluggedOnes() {
        assertEquals(List.of("NUMA_MCS", "CNA", "MCS", "HMCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT", "EXAMPLE_PLUGGED"), LockRegistry.names());
    }

    @Test
    void findsTheProvidersOfTheClassLoaderItIsGiven() {
        // The platform loader sees none of the class path's providers: the built-in locks alone.
        assertEquals(List.of("NUMA_MCS", "CNA", "MCS", "HMCS", "UNFAIR_REENTRANT", "FAIR_REENTRANT"),
                LockRegistry.foundBy(ClassLoader.getPlatformClassLoader()).stream().map(LockType::name).toList());
        assertEquals(LockRegistry.names(),
                LockRegistry.foundBy(LockRegistry.class.getClassLoader()).stream().map(LockType::name).toList());
    }

    @Test
    void createsANewLockOfTheNamedTypeEachTime() {
        assertInstanceOf(NumaMcsLock.class, LockRegistry.create("NUMA_MCS"));
        assertInstanceOf(CnaLock.class, LockRegistry.create("cna"));
        assertInstanceOf(McsLock.class, LockRegistry.create("mcs"));
        ReentrantLock fair = assertInstanceOf(ReentrantLock.class, LockRegistry.create(" FAIR_REENTRANT "));
        assertTrue(fair.isFair());
        assertTrue(LockRegistry.create("MCS") != LockRegistry.create("MCS"));
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LockRegistry.named("NUMA_CMS"));
        assertTrue(e.getMessage().contains("unknown lock 'NUMA_CMS'"), e.getMessage());
        assertTrue(e.getMessage().contains("NUMA_MCS, CNA, MCS, HMCS, UNFAIR_REENTRANT, FAIR_REENTRANT, EXAMPLE_PLUGGED"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LockRegistry.named(null));
    }

    @Test
    void anUnknownNameSaysHowToRegisterALockWithoutPointingElsewhere() {
        String message = assertThrows(IllegalArgumentException.class, () -> LockRegistry.named("NO_SUCH_LOCK")).getMessage();
        assertEquals("unknown lock 'NO_SUCH_LOCK'; known locks: " + String.join(", ", LockRegistry.names())
                + ". To add a lock of your own, implement org.numaloom.locks.registry.LockProvider and list that class in"
                + " META-INF/services/org.numaloom.locks.registry.LockProvider of a jar on the class path.", message);
    }

    @Test
    void theLookupWithMoreLockTypesFindsThemAfterTheRegisteredOnesAndListsThemWhenTheNameIsUnknown() {
        LockType extra = new LockType("EXTRA_LOCK", "a suite's own variant", true, ReentrantLock::new);
        LockType shadow = new LockType("MCS", "not the registered MCS", true, ReentrantLock::new);
        assertEquals(extra, LockRegistry.named(" extra_lock ", List.of(extra)));
        assertInstanceOf(McsLock.class, LockRegistry.named("MCS", List.of(shadow)).create());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LockRegistry.named("NO_SUCH_LOCK", List.of(extra)));
        assertEquals(LockRegistry.unknownLock("NO_SUCH_LOCK", names("EXTRA_LOCK")).getMessage(), e.getMessage());
        assertTrue(LockRegistry.find("no_such_lock").isEmpty());
        assertTrue(LockRegistry.find(null).isEmpty());
        assertEquals("CNA", LockRegistry.find(" cna").orElseThrow().name());
    }

    private static List<String> names(String... more) {
        List<String> names = new java.util.ArrayList<>(LockRegistry.names());
        names.addAll(List.of(more));
        return names;
    }

    @Test
    void aNameClaimedByTwoProvidersIsAnErrorNamingBoth() {
        LockProvider clash = () -> List.of(new LockType("MCS", "another MCS", true, ReentrantLock::new));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LockRegistry.collect(List.of(new BuiltInLocks(), clash)));
        assertTrue(e.getMessage().contains("MCS is registered twice"), e.getMessage());
        assertTrue(e.getMessage().contains(BuiltInLocks.class.getName()), e.getMessage());
    }

    /**
     * A provider that fails to list its locks is named in the error (before, an invalid lock name
     * of a user's provider reached the bench as an error in the shipped config it was reading).
     */
    @Test
    void aProviderThatFailsToListItsLocksIsNamed() {
        LockProvider badName = () -> List.of(new LockType("my-lock", "lower case", true, ReentrantLock::new));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LockRegistry.collect(List.of(new BuiltInLocks(), badName)));
        assertTrue(e.getMessage().startsWith("lock provider " + badName.getClass().getName() + " failed to list its locks: "
                + "java.lang.IllegalArgumentException: lock name 'my-lock'"), e.getMessage());
        LockProvider none = () -> null;
        assertTrue(assertThrows(IllegalStateException.class, () -> LockRegistry.collect(List.of(none))).getMessage()
                .endsWith(" listed null as its locks; return a list of LockTypes"));
    }

    /** A provider named in the services file but not on the class path: an error that says what a provider must be. */
    @Test
    void aProviderThatCannotBeLoadedIsAnErrorSayingWhatAProviderIs(@TempDir Path jar) throws IOException {
        Path services = jar.resolve("META-INF/services/" + LockProvider.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, "com.example.MissingProvider\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, LockRegistry.class.getClassLoader())) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> LockRegistry.foundBy(loader));
            assertTrue(e.getMessage().startsWith("a lock provider could not be loaded: "), e.getMessage());
            assertTrue(e.getMessage().contains("com.example.MissingProvider"), e.getMessage());
            assertTrue(e.getMessage().contains("public no-argument constructor"), e.getMessage());
        }
    }

    /**
     * The registry that the library loads lazily for itself, and keeps once loaded, fails every
     * lookup while a provider cannot be loaded, each time with the error that names it. A class initializer that loaded the
     * providers would give the first caller that error wrapped in an
     * {@link ExceptionInInitializerError} and every later one a {@link NoClassDefFoundError} that no
     * longer says which provider is wrong; a registry that kept an empty map after the failure would
     * call every lock unknown. The library is loaded again, with a services file that names a
     * missing provider, by a class loader of its own, so that its registry starts empty.
     */
    @Test
    void everyLookupWhileAProviderCannotBeLoadedNamesThatProvider(@TempDir Path jar) throws Exception {
        Path services = jar.resolve("META-INF/services/" + LockProvider.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, "com.example.MissingProvider\n");
        // The test classes too: the class path's services file, which the loader finds first, names
        // ExamplePluggedLocks, and it must load, so that the one failure is the missing provider's.
        URL[] library = {codeSourceOf(LockRegistry.class), codeSourceOf(ExamplePluggedLocks.class), jar.toUri().toURL()};
        try (URLClassLoader loader = new LibraryFirstLoader(library, LockRegistry.class.getClassLoader())) {
            Class<?> registry = Class.forName(LockRegistry.class.getName(), true, loader);
            assertSame(loader, registry.getClassLoader(), "a registry of its own, not the one loaded already");
            Method named = registry.getMethod("named", String.class);
            for (int lookup = 1; lookup <= 2; lookup++) {
                InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> named.invoke(null, "NUMA_MCS"));
                IllegalStateException failure = assertInstanceOf(IllegalStateException.class, e.getCause(), "lookup " + lookup);
                assertTrue(failure.getMessage().contains("com.example.MissingProvider"), "lookup " + lookup + ": " + failure.getMessage());
            }
        }
    }

    private static URL codeSourceOf(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }

    /** Defines every {@code org.numaloom} class anew, from its own URLs only, and leaves other classes to its parent. */
    private static final class LibraryFirstLoader extends URLClassLoader {
        LibraryFirstLoader(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.numaloom.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> type = findLoadedClass(name);
                if (type == null) {
                    type = findClass(name);
                }
                if (resolve) {
                    resolveClass(type);
                }
                return type;
            }
        }
    }

    @Test
    void lockNamesMustBeUpperCaseIdentifiers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LockType("my-lock", "bad name", true, ReentrantLock::new));
        assertTrue(e.getMessage().contains("'my-lock'"), e.getMessage());
    }

    @Test
    void aFactoryThatReturnsNullIsReportedByName() {
        LockType broken = new LockType("BROKEN", "returns null", true, () -> null);
        IllegalStateException e = assertThrows(IllegalStateException.class, broken::create);
        assertTrue(e.getMessage().contains("BROKEN"), e.getMessage());
    }
}
