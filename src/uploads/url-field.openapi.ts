import { URL_PATH_PATTERN, URL_QUERY_AND_FRAGMENT_PATTERN, urlOriginPattern } from '../common/openapi-patterns.js';
import type { UploadFolder } from './storage/file-storage.js';
import type { UrlFieldRule } from './url-field-rules.js';

/**
 * A stored file's URL as FileLinks.storedFileOf reads it, maybe with the signature UrlFieldRules strips:
 * the service's base URL (any origin and path: PUBLIC_BASE_URL is configuration), then
 * `/uploads/<folder>/<ms>-<safe name>`, then `?firma=…&expira=…`.
 */
function storedFileUrl(folder: UploadFolder): string {
  return `${urlOriginPattern('https?')}${URL_PATH_PATTERN}/uploads/${folder}/[0-9]{1,20}-[A-Za-z0-9._-]{1,179}(?:\\?firma=[A-Za-z0-9_-]{43}&expira=[0-9]{1,12})?`;
}

function acceptedUrls(rule: UrlFieldRule): string {
  const external = `${urlOriginPattern('https')}${URL_PATH_PATTERN}${URL_QUERY_AND_FRAGMENT_PATTERN}`;
  return [storedFileUrl(rule.folder), ...(rule.externalHttps ? [external] : [])].join('|');
}

/**
 * What openapi.json states of a URL field under `rule`: a stored file's URL in the rule's folder (or, where
 * the rule takes them, any https URL). Whether the base URL is the service's own, whether the file exists,
 * who uploaded it and whether it is an image are configuration and data: 400 `url_no_permitida`.
 */
export function urlFieldDoc(rule: UrlFieldRule) {
  return { format: 'uri', pattern: `^(?:${acceptedUrls(rule)})$` };
}

/** urlFieldDoc of a field trimmed first, which a blank value clears (no `format`: a blank is no URI). */
export function blankOrUrlFieldDoc(rule: UrlFieldRule) {
  return { pattern: `^\\s*(?:${acceptedUrls(rule)})?\\s*$` };
}
