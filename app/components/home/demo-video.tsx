import * as RadixDialog from "@radix-ui/react-dialog";
import { Play, X } from "lucide-react";
import { useState } from "react";
import { PRODUCT_NAME } from "~/core/brand";

export interface DemoVideoProps {
  /** The shipped /demo.webm, or DEMO_VIDEO_URL when configured. */
  src: string;
  poster: string;
}

/**
 * docs/product.md#home: the demo video with a full-screen player. The poster is a button; the player is a modal dialog
 * (Escape closes it, focus returns to the button). The <video> exists only while the dialog is open, so not a
 * byte of the video loads with the page (docs/product.md#home: the home page loads fast on a phone).
 */
export function DemoVideo({ src, poster }: DemoVideoProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className="scroll-mt-20 px-4 pt-10 pb-16 sm:px-6 sm:pt-12 sm:pb-20"
    >
      <div className="mx-auto max-w-5xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            See {PRODUCT_NAME} in action
          </h2>
          <p className="mt-3 text-lg text-balance text-slate-700">
            A short tour: search, filter by round and date, and find the founder to write to. Recorded on the
            demo data set.
          </p>
        </div>
        <RadixDialog.Root open={isOpen} onOpenChange={setIsOpen}>
          <RadixDialog.Trigger
            className="group relative mt-10 block w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-lg"
            aria-label="Play the demo video"
          >
            <img
              src={poster}
              alt=""
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
              className="aspect-video w-full object-cover object-top"
            />
            <span className="absolute inset-0 flex items-center justify-center bg-slate-900/10 transition-colors group-hover:bg-slate-900/20">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl ring-8 ring-white/40 transition-transform group-hover:scale-105 sm:h-20 sm:w-20">
                <Play aria-hidden="true" className="ml-1 h-8 w-8 fill-current" />
              </span>
            </span>
          </RadixDialog.Trigger>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
            <RadixDialog.Content
              className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950 focus:outline-none"
              aria-describedby={undefined}
            >
              <RadixDialog.Title className="sr-only">{PRODUCT_NAME} demo video</RadixDialog.Title>
              {/* biome-ignore lint/a11y/useMediaCaption: the tour has no sound, so there is nothing to caption. */}
              <video
                src={src}
                poster={poster}
                controls
                autoPlay
                playsInline
                className="max-h-full w-full max-w-[min(100vw,calc(100vh*16/9))]"
                data-testid="demo-video-player"
              />
              <RadixDialog.Close
                className="absolute top-3 right-3 rounded-full bg-white/10 p-2 text-white hover:bg-white/20 sm:top-5 sm:right-5"
                aria-label="Close video"
              >
                <X aria-hidden="true" className="h-6 w-6" />
              </RadixDialog.Close>
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      </div>
    </section>
  );
}
