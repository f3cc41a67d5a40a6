import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { firstUnstorableText, MSG } from '@local-creators/common';
import { DomainError } from './domain-error';

/**
 * Every route's body, query and path parameters, refused with a 400 when a string in them
 * cannot be stored (a NUL character, a lone surrogate), before a handler or a query sees it
 * (decision 0504). One global pipe, so a new route is covered without anyone remembering it;
 * multipart fields are checked too, as the upload interceptor has read them by now.
 */
@Injectable()
export class StorableTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'body' && metadata.type !== 'query' && metadata.type !== 'param') return value;
    const path = firstUnstorableText(value, metadata.data ?? '');
    if (path !== null) throw DomainError.invalid('VALIDATION.UNSTORABLE_TEXT', MSG.textUnstorable, path);
    return value;
  }
}
