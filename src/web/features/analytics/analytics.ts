import { useCallback, useEffect, useRef } from 'react';
import type { Interest } from '../../../shared/constants.ts';
import type { LeadInterestLevel, LeadUrgency } from '../../../shared/rules/lead-qualification.ts';
import { hasConsent } from '../consent/consent.tsx';

/**
 * The tag-manager data layer (product.md §7): typed events pushed to `window.dataLayer`, and only
 * while the stored cookie consent allows analytics. No personal data goes in: names, e-mails
 * and messages never leave the form.
 */

export type FormName = 'contact' | 'consultation';
export type DemoAction = 'tab_select' | 'open' | 'close' | 'next' | 'previous' | 'fullscreen_on' | 'fullscreen_off';
export type ContactMethod = 'schedule_online' | 'direct_contact' | 'call_now' | 'phone_link';

export type AnalyticsEvent =
  | { event: 'page_view'; page_path: string; page_title: string }
  | { event: 'button_click'; button_name: string; location: string }
  | { event: 'form_submission'; form_name: FormName }
  | { event: 'scroll_depth'; depth_percent: ScrollDepth; page_path: string }
  | { event: 'form_start'; form_name: FormName; field: string }
  | { event: 'form_validation_error'; form_name: FormName; error_count: number; errors: string[] }
  | { event: 'form_completion'; form_name: FormName; interest: Interest | null }
  | { event: 'form_abandonment'; form_name: FormName; fields_completed: number }
  | { event: 'contact_interaction'; method: ContactMethod; location: string }
  | {
      event: 'lead_qualification';
      form_name: FormName;
      interest: Interest | null;
      interest_level: LeadInterestLevel;
      urgency: LeadUrgency;
    }
  | { event: 'demo_interaction'; action: DemoAction; category: string };

export type AnalyticsEventName = AnalyticsEvent['event'];

export interface DataLayerEntry extends Record<string, unknown> {
  event: AnalyticsEventName;
  timestamp: string;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Pushes one event; returns whether it was pushed (false without analytics consent or a window). */
export function track(event: AnalyticsEvent): boolean {
  if (typeof window === 'undefined' || !hasConsent('analytics')) return false;
  window.dataLayer ??= [];
  window.dataLayer.push({ ...event, timestamp: new Date().toISOString() });
  return true;
}

export const SCROLL_DEPTHS = [25, 50, 75, 100] as const;
export type ScrollDepth = (typeof SCROLL_DEPTHS)[number];

/** The depths reached by scrolling `scrolled` pixels of a page `total` pixels tall in a `viewport`. */
export function depthsReached(scrollY: number, viewport: number, total: number): ScrollDepth[] {
  const scrollable = total - viewport;
  const percent = scrollable <= 0 ? 100 : (Math.ceil(scrollY) / scrollable) * 100;
  return SCROLL_DEPTHS.filter((depth) => percent >= depth);
}

/** page_view once per page, and scroll_depth once per depth reached (25, 50, 75, 100). */
export function usePageAnalytics(pagePath: string): void {
  useEffect(() => {
    track({ event: 'page_view', page_path: pagePath, page_title: document.title });
    const reported = new Set<ScrollDepth>();
    let frame = 0;
    function measure() {
      frame = 0;
      const root = document.documentElement;
      for (const depth of depthsReached(window.scrollY, window.innerHeight, root.scrollHeight)) {
        if (reported.has(depth)) continue;
        reported.add(depth);
        track({ event: 'scroll_depth', depth_percent: depth, page_path: pagePath });
      }
    }
    function onScroll() {
      frame ||= window.requestAnimationFrame(measure);
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [pagePath]);
}

const START_FIELDS = new Set(['firstName', 'lastName', 'email']);

export interface FormTracking {
  /** Call on every edit: the first non-empty name or e-mail entry fires form_start. */
  onFieldEdit: (field: string, value: string, fieldsCompleted: () => number) => void;
  /** Call once the form was sent: no abandonment is reported after that. */
  markSubmitted: () => void;
  /** Call when the form is shown again empty (e.g. 'Send Another Message'). */
  reset: () => void;
}

/**
 * form_start on the first entry of a name or e-mail (product.md §4); form_abandonment when the page
 * is left after starting and before submitting.
 */
export function useFormTracking(formName: FormName): FormTracking {
  const state = useRef<{ started: boolean; submitted: boolean; fieldsCompleted: () => number }>({
    started: false,
    submitted: false,
    fieldsCompleted: () => 0,
  });

  useEffect(() => {
    function onLeave() {
      const current = state.current;
      if (!current.started || current.submitted) return;
      current.submitted = true; // report once, even if both events fire
      track({ event: 'form_abandonment', form_name: formName, fields_completed: current.fieldsCompleted() });
    }
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [formName]);

  const onFieldEdit = useCallback<FormTracking['onFieldEdit']>(
    (field, value, fieldsCompleted) => {
      state.current.fieldsCompleted = fieldsCompleted;
      if (state.current.started || !START_FIELDS.has(field) || !value.trim()) return;
      state.current.started = true;
      track({ event: 'form_start', form_name: formName, field });
    },
    [formName],
  );
  const markSubmitted = useCallback(() => {
    state.current.submitted = true;
  }, []);
  const reset = useCallback(() => {
    state.current = { started: false, submitted: false, fieldsCompleted: () => 0 };
  }, []);
  return { onFieldEdit, markSubmitted, reset };
}
