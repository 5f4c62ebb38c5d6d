package dev.platform.client;

import dev.platform.client.generated.ApiException;
import dev.platform.client.generated.model.PageMeta;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Every item of a list, page after page ({@code page} = 1, 2, ...), stopping after the last page (the
 * one whose {@code meta.next_cursor} is null, or an empty one). Pages are fetched lazily as the
 * iteration reaches them.
 *
 * <pre>{@code
 * Pages.stream(page -> platform.inventory().inventoryItems(platform.tenantId(), null, warehouseId,
 *         null, null, null, null, null, null, null, null, null, page, 100, null, null))
 *     .forEach(item -> ...);
 * }</pre>
 */
public final class Pages {
  private Pages() {}

  /** Fetches one page by its number (from 1). */
  @FunctionalInterface
  public interface PageFetcher<L> {
    L fetch(int page) throws ApiException;
  }

  /** A problem while fetching a page during an iteration. */
  public static final class PageFetchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PageFetchException(int page, ApiException cause) {
      super("Fetching page " + page + " failed: " + cause.getMessage(), cause);
    }

    /** The exception of the operation (a {@link PlatformProblemException} for problem answers). */
    @Override
    public synchronized ApiException getCause() {
      return (ApiException) super.getCause();
    }
  }

  /** Iterates a list whose page type has {@code getData()} and {@code getMeta()} (every generated list). */
  public static <T, L> Iterable<T> iterate(PageFetcher<L> fetcher) {
    return iterate(fetcher, Pages::<T>reflectData, Pages::reflectMeta);
  }

  /** Iterates a list, reading each page's records and meta with the given functions. */
  public static <T, L> Iterable<T> iterate(PageFetcher<L> fetcher, Function<L, List<T>> data,
      Function<L, PageMeta> meta) {
    return () -> new PageIterator<>(fetcher, data, meta);
  }

  /** {@link #iterate(PageFetcher)} as a sequential stream. */
  public static <T, L> Stream<T> stream(PageFetcher<L> fetcher) {
    return StreamSupport.stream(Pages.<T, L>iterate(fetcher).spliterator(), false);
  }

  /** {@link #iterate(PageFetcher, Function, Function)} as a sequential stream. */
  public static <T, L> Stream<T> stream(PageFetcher<L> fetcher, Function<L, List<T>> data,
      Function<L, PageMeta> meta) {
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(new PageIterator<>(fetcher, data, meta), Spliterator.ORDERED), false);
  }

  private static final class PageIterator<T, L> implements Iterator<T> {
    private final PageFetcher<L> fetcher;
    private final Function<L, List<T>> data;
    private final Function<L, PageMeta> meta;
    private Iterator<T> current = List.<T>of().iterator();
    private int nextPage = 1;
    private boolean last;

    PageIterator(PageFetcher<L> fetcher, Function<L, List<T>> data, Function<L, PageMeta> meta) {
      this.fetcher = fetcher;
      this.data = data;
      this.meta = meta;
    }

    @Override
    public boolean hasNext() {
      while (!current.hasNext() && !last) {
        L page;
        try {
          page = fetcher.fetch(nextPage);
        } catch (ApiException e) {
          throw new PageFetchException(nextPage, e);
        }
        List<T> items = page == null ? null : data.apply(page);
        PageMeta m = page == null ? null : meta.apply(page);
        if (items == null || items.isEmpty() || m == null || m.getNextCursor() == null
            || (m.getTotal() != null && m.getPerPage() != null
                && (long) nextPage * m.getPerPage() >= m.getTotal())) {
          last = true;
        }
        current = items == null ? List.<T>of().iterator() : items.iterator();
        nextPage++;
      }
      return current.hasNext();
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> List<T> reflectData(Object page) {
    return (List<T>) invoke(page, "getData");
  }

  private static PageMeta reflectMeta(Object page) {
    return (PageMeta) invoke(page, "getMeta");
  }

  private static Object invoke(Object page, String getter) {
    try {
      Method m = page.getClass().getMethod(getter);
      return m.invoke(page);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalArgumentException(page.getClass().getName() + " is not a list page (no " + getter + "())", e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(e.getCause());
    }
  }
}
